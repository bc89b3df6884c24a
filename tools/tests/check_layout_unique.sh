#!/usr/bin/env bash
# check_layout_unique.sh SORTKEY
# sortkey layout and sortkey unique end to end: the keys of item collections,
# devices, readings and versions (sortkey/layout.h) and the uniqueness
# suffixes (sortkey/unique.h), one per input from the arguments or standard
# input, -o json, refusals; a layout read composed into query build.
set -u
sortkey=$1
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"
org=(--parent ORG --before TEAM --after USER)

expect collection_before 0 '#TEAM#FRY-COOKS\n#TEAM#GRILL' '' -- layout key "${org[@]}" --role before FRY-COOKS GRILL
expect collection_parent 0 'ORG#MCDONALDS' '' -- layout key "${org[@]}" --role parent MCDONALDS
expect collection_after_stdin 0 'USER#ALICE\nUSER#BOB' 'ALICE\nBOB\n' -- layout key "${org[@]}" --role after
expect_error after_sorts_below_parent 1 'the after-child type "OR" sorts below the parent type "ORG"' '' -- \
  layout key --parent ORG --before TEAM --after OR --role after ALICE
expect_error id_with_delimiter 1 "cannot encode as key \"A#B\": bad character at byte 1: the id holds '#'" '' -- \
  layout key "${org[@]}" --role parent 'A#B'
# A type that cannot be one is a usage error (exit 2), read with the options.
expect_error type_lower_case 2 '--parent: a type holds only A-Z, 0-9 and _, got "org"' '' -- \
  layout key --parent org --before TEAM --after USER --role parent X
expect_error type_empty 2 '--parent: a type is not empty' '' -- \
  layout key --parent "" --before TEAM --after USER --role parent X
expect_error delimiter_empty 2 '--delimiter: the delimiter must be a single byte, got ""' '' -- \
  encode composite --delimiter "" A
expect read_before 0 '--le ORG#MCDONALDS --no-scan-index-forward' '' -- layout read "${org[@]}" --with before MCDONALDS
expect read_after 0 '--ge ORG#MCDONALDS --scan-index-forward' '' -- layout read "${org[@]}" --with after MCDONALDS
expect read_json 0 '{"input":"MCDONALDS","operator":"<=","scan_index_forward":false,"value":"ORG#MCDONALDS"}' '' -- \
  layout read "${org[@]}" --with before -o json MCDONALDS
expect_error read_needs_side 2 '--with: must be before or after, got "parent"' '' -- \
  layout read "${org[@]}" --with parent MCDONALDS
expect device 0 'DEVICE#D1' '' -- layout device D1
expect reading_newest_last 0 '#READING#00157' '' -- layout reading --order newest-last --width 5 157
expect reading_newest_first 0 'READING#99842\nREADING#99999' '' -- layout reading --order newest-first --width 5 157 0
expect_error reading_too_wide 1 '100000 needs 6 digits, more than the width 5' '' -- \
  layout reading --order newest-last --width 5 100000
expect latest_newest_last 0 '--le DEVICE#D1 --no-scan-index-forward --limit 11' '' -- \
  layout latest --order newest-last --count 10 D1
expect latest_json 0 '{"input":"D1","limit":4,"operator":">=","scan_index_forward":true,"value":"DEVICE#D1"}' '' -- \
  layout latest --order newest-first --count 3 -o json D1
expect version 0 'v000_\nv012_' '' -- layout version --width 3 0 12
# A layout read is the sort-key options of query build.
read_options=$("$sortkey" layout read "${org[@]}" --with before MCDONALDS)
# shellcheck disable=SC2086
expect read_composes_with_query_build 0 \
  '{"ExpressionAttributeNames":{"#pk":"PK","#sk":"SK"},"ExpressionAttributeValues":{":pk":{"S":"ORG#MCDONALDS"},":sk":{"S":"ORG#MCDONALDS"}},"KeyConditionExpression":"#pk = :pk AND #sk <= :sk","ScanIndexForward":false}' \
  '' -- query build --partition PK=ORG#MCDONALDS --sort SK $read_options --compact

expect sequence_counts_each_key 0 'EVT#A#000\nEVT#A#001\nEVT#B#000\nEVT#A#002' '' -- \
  unique sequence --width 3 'EVT#A' 'EVT#A' 'EVT#B' 'EVT#A'
expect sequence_from_stdin_first 0 'EVT#10:00#001\nEVT#10:00#002\nEVT#10:01#001' 'EVT#10:00\nEVT#10:00\nEVT#10:01\n' -- \
  unique sequence --width 3 --first 1
expect_error sequence_overflows_width 1 'cannot encode as sequence "K": out of range .*10 needs 2 digits, more than the width 1' '' -- \
  unique sequence --width 1 --first 9 K K
expect_error sequence_bad_first 2 '--first: ' '' -- unique sequence --width 3 --first -1 K
expect suffix 0 'EVT#2026-06-23T10:00:00Z#0ujtsYcg' '' -- unique suffix --suffix 0ujtsYcg 'EVT#2026-06-23T10:00:00Z'
expect_error suffix_with_delimiter 1 "the disambiguator holds '#'" '' -- unique suffix --suffix 'a#b' K
expect_error key_below_delimiter 1 'the key holds .*which sorts below' '' -- unique suffix --suffix s 'a b'
expect split 0 '["EVT#2026-06-23T10:00:00Z","002"]' '' -- unique split 'EVT#2026-06-23T10:00:00Z#002'
# DynamoDB refuses a String that is not UTF-8: so does every unique command,
# in text and in -o json alike (the byte is shown escaped, never replaced).
expect_error sequence_refuses_invalid_utf8 1 'cannot encode as sequence "EVT\\xFF": bad character at byte 3: invalid UTF-8' 'EVT\xff\n' -- \
  unique sequence --width 3
expect sequence_json_refuses_invalid_utf8 1 \
  '{"error":{"code":"bad character","message":"invalid UTF-8: 0xFF is not a well-formed sequence","offset":3},"input":"EVT\\\\xFF","input_escaped":true}' \
  'EVT\xff\n' -- unique sequence --width 3 -o json
expect_error suffix_refuses_invalid_utf8 1 'bad character at byte 1: invalid UTF-8' '' -- unique suffix --suffix $'a\xc3' K
expect_error split_refuses_invalid_utf8 1 'cannot split as unique "K\\xC3#1"' '' -- unique split $'K\xc3#1'
expect split_json 0 '{"input":"EVT#X#7","key":"EVT#X","suffix":"7"}' '' -- unique split -o json 'EVT#X#7'
expect_error split_no_suffix 1 "cannot split as unique \"EVT\": bad delimiter at byte 3: the key has no '#' before a suffix" '' -- \
  unique split EVT
exit $fail
