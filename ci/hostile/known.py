"""Inputs on which sortkey still fails the campaign's checks: id -> what is
wrong. Each is reported as KNOWN (not failed) until fixed; one that passes
fails the campaign until its line is removed, so that the list stays true
and the campaign then holds the fix."""
RAW_ESCAPE = "raw control characters from outside reach stderr: the message is not passed through printable()"
KNOWN = {
}
