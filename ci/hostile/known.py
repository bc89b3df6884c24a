"""Inputs on which sortkey still fails the campaign's checks: id -> what is
wrong. Each is reported as KNOWN (not failed) until fixed; remove its line
with the fix, and the campaign then holds the fix."""
RAW_ESCAPE = "raw control characters from outside reach stderr: the message is not passed through printable()"
NOT_UTF8 = "a JSON parser's message quotes the input's bytes raw: stderr is not UTF-8 (nlohmann's e.what())"
KNOWN = {
    "files/design_check/invalid_utf8_line_5": "a non-UTF-8 design is placed at 1:1, with nlohmann's text, "
                                              "not at the line of the byte",
    "files/design_check/escape_in_name": RAW_ESCAPE + " (the design name, design/load.cc)",
    "files/design_show/escape_in_name": RAW_ESCAPE + " (the design name, design/load.cc)",
    "files/design_check/long_line": "the design name is quoted whole: a 900 KB line on stderr",
    "files/items/invalid_utf8": NOT_UTF8 + " (items file)",
    "files/items/sparse_1_gb": "query run --items reads 256 MiB of a larger file before refusing it "
                               "(530 MB peak); the items limit (kMaxItemsFileBytes, 256 MiB) is itself over 200 MB",
    "files/known_divergences/invalid_utf8": NOT_UTF8 + " (support/json_input.cc parse_json)",
    "files/certificate/invalid_utf8": NOT_UTF8 + " (support/json_input.cc parse_json)",
    "files/failure_store/reproduce_garbage": NOT_UTF8 + " (certify/failure_store.cc)",
    "adapters/hello_invalid_utf8": NOT_UTF8 + " (certify/adapter answer lines)",
    "adapters/invalid_utf8": NOT_UTF8 + " (certify/adapter answer lines)",
    "files/certificate/many_values_32_mb": "a 32 MB JSON file of small values parses to an 820 MB DOM "
                                           "(parse_json bounds depth and bytes, not values)",
    "files/snapshot/escape_in_codec": RAW_ESCAPE + " (a snapshot's codec name)",
    "options/width/escape": RAW_ESCAPE + " (an integer option's value)",
    "options/filter/build_escape": RAW_ESCAPE + " (the expression parser's token)",
    "options/filter/run_escape": RAW_ESCAPE + " (the expression parser's token)",
    "options/misc/unknown_command_escape": RAW_ESCAPE + " (the unknown command)",
    "options/misc/property_nothing": RAW_ESCAPE + " (--property's value)",
    "options/misc/completions_unknown": RAW_ESCAPE + " (CLI11's check message)",
    "options/budget/certify_nan": "--budget nan is accepted (the range check lets NaN through)",
    "options/request-timeout/certify_nan": "--request-timeout nan is accepted (the range check lets NaN through)",
    "endpoint/certify/escape_message": RAW_ESCAPE + " (an endpoint's error message, CR/LF too: two lines)",
    "endpoint/design_check/escape_message": RAW_ESCAPE + " (an endpoint's error message, CR/LF too: two lines)",
    "environment/variable/aws_endpoint_url_449": RAW_ESCAPE + " (AWS_ENDPOINT_URL with CR/LF: two lines, "
                                                 "the variable not named)",
    "environment/variable/aws_retry_mode_672": RAW_ESCAPE + " (AWS_RETRY_MODE)",
    "environment/variable/aws_max_attempts_61": RAW_ESCAPE + " (AWS_MAX_ATTEMPTS with a newline: two lines)",
    "environment/config/retry_mode_bad": RAW_ESCAPE + " (retry_mode of the config file)",
}
