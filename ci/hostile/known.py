"""Inputs on which sortkey still fails the campaign's checks: id -> what is
wrong. Each is reported as KNOWN (not failed) until fixed; one that passes
fails the campaign until its line is removed, so that the list stays true
and the campaign then holds the fix."""
RAW_ESCAPE = "raw control characters from outside reach stderr: the message is not passed through printable()"
KNOWN = {
    "files/design_check/invalid_utf8_line_5": "a non-UTF-8 design is placed at 1:1, with nlohmann's text, "
                                              "not at the line of the byte",
    "files/design_check/escape_in_name": RAW_ESCAPE + " (the design name, design/load.cc)",
    "files/design_show/escape_in_name": RAW_ESCAPE + " (the design name, design/load.cc)",
    "files/design_check/long_line": "the design name is quoted whole: a 900 KB line on stderr",
    "files/items/sparse_1_gb": "query run --items reads 256 MiB of a larger file before refusing it "
                               "(530 MB peak); the items limit (kMaxItemsFileBytes, 256 MiB) is itself over 200 MB",
    "files/snapshot/escape_in_codec": RAW_ESCAPE + " (a snapshot's codec name)",
    "options/filter/build_escape": RAW_ESCAPE + " (the expression parser's token)",
    "options/filter/run_escape": RAW_ESCAPE + " (the expression parser's token)",
    "options/misc/unknown_command_escape": RAW_ESCAPE + " (the unknown command)",
    "options/misc/property_nothing": RAW_ESCAPE + " (--property's value)",
    "options/misc/completions_unknown": RAW_ESCAPE + " (CLI11's check message)",
    "endpoint/certify/escape_message": RAW_ESCAPE + " (an endpoint's error message, CR/LF too: two lines)",
    "endpoint/design_check/escape_message": RAW_ESCAPE + " (an endpoint's error message, CR/LF too: two lines)",
    "environment/variable/aws_endpoint_url_449": RAW_ESCAPE + " (AWS_ENDPOINT_URL with CR/LF: two lines, "
                                                 "the variable not named)",
    "environment/variable/aws_retry_mode_672": RAW_ESCAPE + " (AWS_RETRY_MODE)",
    "environment/variable/aws_max_attempts_61": RAW_ESCAPE + " (AWS_MAX_ATTEMPTS with a newline: two lines)",
    "environment/config/retry_mode_bad": RAW_ESCAPE + " (retry_mode of the config file)",
}
