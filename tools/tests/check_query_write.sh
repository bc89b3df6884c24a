#!/usr/bin/env bash
# check_query_write.sh SORTKEY
# sortkey query run and query build with --operation UpdateItem, DeleteItem
# and PutItem end to end: DynamoDB's answer printed (Attributes; a false
# condition's ConditionalCheckFailedException with the old Item; a
# ValidationException), the items file written back with --save-items, and
# read again by a Query (an item leaving a sparse index); the request read
# from a file in DynamoDB's own shape, and a file that cannot be one refused
# in one line with exit 2; the items file untouched by every failure.
set -u
sortkey=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"

ann='{"AdminSince":{"S":"2026-01-10"},"PK":{"S":"ORG#acme"},"SK":{"S":"USER#ann"},"logins":{"N":"3"}}'
bob='{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#bob"},"logins":{"N":"7"},"tags":{"SS":["ops"]}}'
cy='{"AdminSince":{"S":"2026-03-02"},"PK":{"S":"ORG#acme"},"SK":{"S":"USER#cy"},"logins":{"N":"1"}}'
cy_key='{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#cy"}}'
bob_key='{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#bob"}}'
ann_key='{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#ann"}}'
printf '%s\n%s\n%s\n' "$ann" "$bob" "$cy" >"$dir/users.jsonl"
items=$dir/users.jsonl
table=(--items "$items" --partition-key PK --sort-key SK --index Admins=PK/AdminSince)
admins=(query run "${table[@]}" --index-name Admins --partition PK=ORG#acme --compact)

# The same bytes as before, or a failure.
untouched() {
  local name=$1 before=$2
  if [ "$(cat "$items")" = "$before" ]; then echo "ok: $name"; else
    echo "FAIL $name: the items file changed:"; cat "$items"; fail=1; fi
}

# An update moving an item out of the sparse index, written back and read by a Query.
expect sparse_index_before 0 "{\"Items\":[$ann,$cy],\"Count\":2,\"ScannedCount\":2}" '' -- "${admins[@]}"
expect update_leaves_sparse_index 0 '{"Attributes":{"AdminSince":{"S":"2026-03-02"}}}' '' -- \
  query run "${table[@]}" --operation UpdateItem --key "$cy_key" --update-expression 'REMOVE AdminSince' \
  --return-values UPDATED_OLD --save-items --compact
expect sparse_index_after 0 "{\"Items\":[$ann],\"Count\":1,\"ScannedCount\":1}" '' -- "${admins[@]}"
want=$(printf '%s\n%s\n%s' "$ann" "$bob" '{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#cy"},"logins":{"N":"1"}}')
untouched file_written_in_its_order "$want"
if [ "$(find "$dir" -name "*.sortkey-*" | wc -l)" != 0 ]; then echo "FAIL no_temporary_left:"; ls "$dir"; fail=1; else echo "ok: no_temporary_left"; fi

# ADD on a number and on a set; without --save-items the file is not written.
before=$(cat "$items")
expect add_number_and_set 0 '{"Attributes":{"logins":{"N":"8"},"tags":{"SS":["dev","ops"]}}}' '' -- \
  query run "${table[@]}" --operation UpdateItem --key "$bob_key" --update-expression 'ADD logins :one, tags :t' \
  --expression-attribute-values '{":one":{"N":"1"},":t":{"SS":["dev","ops"]}}' --return-values UPDATED_NEW --compact
untouched no_save_no_write "$before"

# A false condition with ALL_OLD: the exception carries the item; exit 1; nothing written.
expect false_condition_all_old 1 \
  "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException\",\"message\":\"The conditional request failed\",\"Item\":$ann}" '' -- \
  query run "${table[@]}" --operation DeleteItem --key "$ann_key" --condition-expression 'logins > :n' \
  --expression-attribute-values '{":n":{"N":"5"}}' --return-values-on-condition-check-failure ALL_OLD --save-items --compact
untouched false_condition_leaves_file "$before"
expect_error false_condition_line 1 '^sortkey: ConditionalCheckFailedException: The conditional request failed' '' -- \
  query run "${table[@]}" --operation DeleteItem --key "$ann_key" --condition-expression 'attribute_not_exists(PK)'
# Without ALL_OLD, and on an item that does not exist, no Item.
expect false_condition_no_item 1 \
  '{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"}' '' -- \
  query run "${table[@]}" --operation UpdateItem --key '{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#zed"}}' \
  --update-expression 'SET a = :a' --condition-expression 'attribute_exists(PK)' \
  --expression-attribute-values '{":a":{"S":"x"}}' --return-values-on-condition-check-failure ALL_OLD --compact

# A validation error: its type and DynamoDB's message; exit 1; nothing written.
expect validation_error 1 \
  '{"__type":"com.amazon.coral.validate#ValidationException","message":"One or more parameter values were invalid: Cannot update attribute SK. This attribute is part of the key"}' '' -- \
  query run "${table[@]}" --operation UpdateItem --key "$ann_key" --update-expression 'SET SK = :s' \
  --expression-attribute-values '{":s":{"S":"x"}}' --save-items --compact
untouched validation_error_leaves_file "$before"
expect_error validation_error_line 1 '^sortkey: the table refused the request: ValidationException: ReturnValues can only be ALL_OLD or NONE$' '' -- \
  query run "${table[@]}" --operation DeleteItem --key "$ann_key" --return-values ALL_NEW

# PutItem: ALL_OLD returns the item replaced; a new item goes at the end of the file.
expect put_all_old 0 "{\"Attributes\":$bob}" '' -- \
  query run "${table[@]}" --operation PutItem --item "$bob" --return-values ALL_OLD --compact
dee='{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#dee"},"AdminSince":{"S":"2026-05-05"}}'
expect put_new_item 0 '{}' '' -- query run "${table[@]}" --operation PutItem --item "$dee" \
  --condition-expression 'attribute_not_exists(PK)' --save-items --compact
if [ "$(tail -n 1 "$items")" = '{"AdminSince":{"S":"2026-05-05"},"PK":{"S":"ORG#acme"},"SK":{"S":"USER#dee"}}' ]; then
  echo "ok: put_appends"; else echo "FAIL put_appends:"; cat "$items"; fail=1; fi
expect put_joins_index 0 '{"Count":2,"ScannedCount":2}' '' -- "${admins[@]}" --select COUNT --no-paginate
# DeleteItem writes the file without the item.
expect delete_all_old 0 "{\"Attributes\":$bob}" '' -- \
  query run "${table[@]}" --operation DeleteItem --key "$bob_key" --return-values ALL_OLD --save-items --compact
if grep -q 'USER#bob' "$items"; then echo "FAIL delete_written:"; cat "$items"; fail=1; else echo "ok: delete_written"; fi

# The request from a file, as DynamoDB takes it; a JSON array file stays an array.
printf '[%s,\n%s]\n' "$ann" "$cy" >"$dir/array.json"
cat >"$dir/update.json" <<'EOF'
{"TableName": "Users", "Key": {"PK": {"S": "ORG#acme"}, "SK": {"S": "USER#ann"}},
 "UpdateExpression": "SET #n = if_not_exists(#n, :zero) + :one", "ConditionExpression": "attribute_exists(PK)",
 "ExpressionAttributeNames": {"#n": "visits"},
 "ExpressionAttributeValues": {":zero": {"N": "0"}, ":one": {"N": "1"}}, "ReturnValues": "UPDATED_NEW"}
EOF
expect request_file 0 '{"Attributes":{"visits":{"N":"1"}}}' '' -- \
  query run --items "$dir/array.json" --partition-key PK --sort-key SK --operation UpdateItem \
  --request "$dir/update.json" --save-items --compact
want=$(printf '[\n%s,\n%s\n]' '{"AdminSince":{"S":"2026-01-10"},"PK":{"S":"ORG#acme"},"SK":{"S":"USER#ann"},"logins":{"N":"3"},"visits":{"N":"1"}}' "$cy")
if [ "$(cat "$dir/array.json")" = "$want" ]; then echo "ok: array_stays_array"; else
  echo "FAIL array_stays_array:"; cat "$dir/array.json"; fail=1; fi
expect request_from_stdin 0 '{"Attributes":{"visits":{"N":"2"}}}' "$(cat "$dir/update.json")" -- \
  query run --items "$dir/array.json" --partition-key PK --sort-key SK --operation UpdateItem --request - --compact
# query build prints the request it reads, and the one its options make.
expect build_from_file 0 "$(python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), sort_keys=True, separators=(",", ":")))' "$dir/update.json")" '' -- \
  query build --operation UpdateItem --request "$dir/update.json" --compact
expect build_update 0 \
  '{"ConditionExpression":"attribute_exists(PK)","ExpressionAttributeValues":{":one":{"N":"1"}},"Key":{"PK":{"S":"a"}},"ReturnValues":"ALL_NEW","TableName":"T","UpdateExpression":"ADD n :one"}' '' -- \
  query build --operation UpdateItem --table-name T --key '{"PK":{"S":"a"}}' --update-expression 'ADD n :one' \
  --condition-expression 'attribute_exists(PK)' --expression-attribute-values '{":one":{"N":"1"}}' --return-values ALL_NEW --compact
expect build_put 0 '{"Item":{"PK":{"S":"a"},"n":{"N":"10"}},"ReturnValues":"ALL_OLD"}' '' -- \
  query build --operation PutItem --item '{"PK":{"S":"a"},"n":{"N":"1e1"}}' --return-values ALL_OLD --compact
expect build_delete 0 '{"Key":{"PK":{"S":"a"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"}' '' -- \
  query build --operation DeleteItem --key '{"PK":{"S":"a"}}' --return-values-on-condition-check-failure ALL_OLD --compact
expect_error build_unused_value 1 'Value provided in ExpressionAttributeValues unused in expressions: keys: \{:b\}' '' -- \
  query build --operation UpdateItem --key '{"PK":{"S":"a"}}' --update-expression 'SET a = :a' \
  --expression-attribute-values '{":a":{"S":"x"},":b":{"S":"y"}}'
expect_error build_values_without_expression 1 'ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null' '' -- \
  query build --operation PutItem --item '{"PK":{"S":"a"}}' --expression-attribute-values '{":a":{"S":"x"}}'

# A request file that cannot be one: one line naming what is wrong, exit 2,
# the items file untouched.
before=$(cat "$items")
one_line() {  # NAME PATTERN FILE-CONTENT (printf %s) [OPERATION]
  local name=$1 pattern=$2 err status
  printf '%s' "$3" >"$dir/request.json"
  err=$("$sortkey" query run "${table[@]}" --operation "${4:-UpdateItem}" --request "$dir/request.json" --save-items 2>&1 >/dev/null)
  status=$?
  if [ $status = 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && grep -Eq -- "$pattern" <<<"$err"; then
    echo "ok: $name"
  else
    echo "FAIL $name: exit $status (expected 2), stderr:"; printf '%s\n' "$err" | head -c 2000; echo; fail=1
  fi
}
one_line unknown_field 'request.json: Bogus: not a field of UpdateItem$' "{\"Key\":$ann_key,\"Bogus\":1}"
one_line field_of_another_operation 'request.json: UpdateExpression: not a field of DeleteItem$' \
  "{\"Key\":$ann_key,\"UpdateExpression\":\"SET a = :a\"}" DeleteItem
one_line wrong_type 'request.json: UpdateExpression: expected a string, got a number$' "{\"Key\":$ann_key,\"UpdateExpression\":7}"
one_line key_not_an_object 'request.json: Key: expected an object, got a string$' '{"Key":"ORG#acme"}'
one_line name_not_a_string 'request.json: ExpressionAttributeNames: #n: expected a string, got a number$' \
  "{\"Key\":$ann_key,\"ExpressionAttributeNames\":{\"#n\":5}}"
one_line bad_attribute_value 'request.json: Key: PK: .*unknown datatype' '{"Key":{"PK":{"X":"a"}}}'
one_line key_missing 'request.json: Key: missing; UpdateItem needs it$' '{"UpdateExpression":"SET a = :a"}'
one_line not_json 'request.json: the request is not JSON: ' '{"Key": {"PK": '
one_line empty_file 'request.json: the request is not JSON' ''
one_line not_an_object 'request.json: the request: expected a JSON object, got an array$' '[1]'
one_line duplicate_field 'request.json: the request names the key "Key" twice' "{\"Key\":$ann_key,\"Key\":$ann_key}"
one_line legacy_field 'request.json: AttributeUpdates: a legacy parameter' "{\"Key\":$ann_key,\"AttributeUpdates\":{}}"
one_line deep 'request.json: the request nests deeper than 128 levels$' \
  "$(python3 -c "print('{\"Key\":' + '['*100000 + ']'*100000 + '}')")"
one_line many_values 'request.json: the request holds more than 1000000 values$' \
  "$(python3 -c "print('{\"Key\":[' + ','.join(['0']*1000001) + ']}')")"
head -c 17000000 /dev/zero | tr '\0' ' ' >"$dir/huge.json"
one_line_huge() {
  local err status
  err=$("$sortkey" query run "${table[@]}" --operation UpdateItem --request "$dir/huge.json" 2>&1 >/dev/null); status=$?
  if [ $status = 2 ] && [ "$err" = "sortkey: cannot read $dir/huge.json: it is larger than 16777216 bytes" ]; then
    echo "ok: huge_file"; else echo "FAIL huge_file: exit $status: $err"; fail=1; fi
}
one_line_huge
one_line transaction_in_an_update 'request.json: TransactItems: a field of TransactWriteItems, TransactGetItems or BatchGetItem: give that --operation$' '{"TransactItems":[]}'
untouched bad_files_leave_items "$before"

# Options that do not fit the operation: usage errors, exit 2.
expect_error query_option_on_write 2 '^sortkey: --filter-expression is an option of Query, not of DeleteItem$' '' -- \
  query run "${table[@]}" --operation DeleteItem --key "$ann_key" --filter-expression 'a = :a'
expect_error write_option_on_query 2 '^sortkey: --key is an option of a write: give --operation' '' -- \
  query build --key "$ann_key"
expect_error request_and_options 2 'not both: --request and --key' '' -- \
  query run "${table[@]}" --operation UpdateItem --request "$dir/update.json" --key "$ann_key"
expect_error put_needs_item 2 '^sortkey: PutItem needs --item' '' -- query build --operation PutItem
expect_error item_on_update 2 '^sortkey: --item is not an option of UpdateItem$' '' -- \
  query build --operation UpdateItem --key "$ann_key" --item "$ann"
expect_error save_from_stdin 2 'cannot be standard input' "$ann\n" -- \
  query run --items - --partition-key PK --sort-key SK --operation DeleteItem --key "$ann_key" --save-items

# An items file that cannot be written again (the file size limit stands
# in for a full disk, as in check_atomic_reports.sh): exit 2 naming why, the
# answer not printed, the file as it was, no temporary file left.
python3 -c "
import json
for i in range(40):
    print(json.dumps({'PK': {'S': 'ORG#big'}, 'SK': {'S': 'USER#%03d' % i}, 'pad': {'S': 'x' * 80}}, separators=(',', ':')))
" >"$dir/big.jsonl"
cp "$dir/big.jsonl" "$dir/big-before.jsonl"
out=$( (trap '' XFSZ; ulimit -f 2; exec "$sortkey" query run --items "$dir/big.jsonl" --partition-key PK --sort-key SK \
  --operation PutItem --item '{"PK":{"S":"ORG#big"},"SK":{"S":"USER#new"}}' --save-items --compact) 2>&1); status=$?
if [ $status = 2 ] && [ "$out" = "sortkey: cannot write $dir/big.jsonl: File too large" ] &&
   cmp -s "$dir/big.jsonl" "$dir/big-before.jsonl" && [ "$(find "$dir" -name '*.sortkey-*' | wc -l)" = 0 ]; then
  echo "ok: save_fails_leaves_file"
else
  echo "FAIL save_fails_leaves_file: exit $status: $out"; fail=1
fi
# A full disk under the answer is exit 2 with the system's reason.
err=$("$sortkey" query run --items "$dir/big.jsonl" --partition-key PK --sort-key SK --operation DeleteItem \
  --key '{"PK":{"S":"ORG#big"},"SK":{"S":"USER#001"}}' --return-values ALL_OLD 2>&1 >/dev/full); status=$?
if [ $status = 2 ] && [[ "$err" == *"cannot write to standard output: No space left on device"* ]]; then
  echo "ok: full_disk"; else echo "FAIL full_disk: exit $status: $err"; fail=1; fi
exit "$fail"
