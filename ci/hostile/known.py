"""Inputs on which sortkey still fails the campaign's checks: id -> what is
wrong. Each is reported as KNOWN (not failed) until fixed; one that passes
fails the campaign until its line is removed, so that the list stays true
and the campaign then holds the fix."""
RAW_ESCAPE = "raw control characters from outside reach stderr: the message is not passed through printable()"
KNOWN = {
    "files/design_check/invalid_utf8_line_5": "a non-UTF-8 design is placed at 1:1, with nlohmann's text, "
                                              "not at the line of the byte",
    "files/items/sparse_1_gb": "query run --items reads 256 MiB of a larger file before refusing it "
                               "(530 MB peak); the items limit (kMaxItemsFileBytes, 256 MiB) is itself over 200 MB",
    "options/misc/completions_unknown": RAW_ESCAPE + " (CLI11's check message)",
    "environment/variable/aws_endpoint_url_449": RAW_ESCAPE + " (AWS_ENDPOINT_URL with CR/LF: two lines, "
                                                 "the variable not named)",
}
