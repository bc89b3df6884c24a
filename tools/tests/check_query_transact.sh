#!/usr/bin/env bash
# check_query_transact.sh SORTKEY
# sortkey query run and query build with --operation TransactWriteItems,
# TransactGetItems and BatchGetItem end to end: a transaction that commits
# ({}; the items file written back with --save-items and read by a Query
# of a sparse index), one cancelled by a false condition
# (TransactionCanceledException with CancellationReasons in request order,
# the old Item under ALL_OLD, exit 1, the file untouched) and by an item the
# table refuses (ValidationError on that action only); the reads' answers
# (Responses in order, {} for an item absent; per table, with projection);
# a request DynamoDB refuses (ValidationException, exit 1); requests that
# cannot be run refused in one line with exit 2 (shape, counts, a second
# table, one item twice, fields the model cannot honour).
set -u
sortkey=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"

ann='{"AdminSince":{"S":"2026-01-10"},"PK":{"S":"ORG#acme"},"SK":{"S":"USER#ann"},"logins":{"N":"3"}}'
bob='{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#bob"},"logins":{"N":"7"}}'
cy='{"AdminSince":{"S":"2026-03-02"},"PK":{"S":"ORG#acme"},"SK":{"S":"USER#cy"},"logins":{"N":"1"}}'
printf '%s\n%s\n%s\n' "$ann" "$bob" "$cy" >"$dir/users.jsonl"
items=$dir/users.jsonl
table=(--items "$items" --partition-key PK --sort-key SK --index Admins=PK/AdminSince)
admins=(query run "${table[@]}" --index-name Admins --partition PK=ORG#acme --compact)
key() { printf '{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#%s"}}' "$1"; }

untouched() {
  local name=$1 before=$2
  if [ "$(cat "$items")" = "$before" ]; then echo "ok: $name"; else
    echo "FAIL $name: the items file changed:"; cat "$items"; fail=1; fi
}

# A Put (new admin), an Update, a Delete and a ConditionCheck whose
# condition is `logins < :limit`; the same request with :limit 1 is
# cancelled by the ConditionCheck on cy (logins 1).
transaction() {  # LIMIT
  cat <<EOF
{"TransactItems": [
 {"Put": {"TableName": "Users", "Item": {"PK": {"S": "ORG#acme"}, "SK": {"S": "USER#dee"}, "AdminSince": {"S": "2026-05-05"}},
          "ConditionExpression": "attribute_not_exists(PK)"}},
 {"Update": {"TableName": "Users", "Key": $(key ann), "UpdateExpression": "SET logins = logins + :one",
             "ExpressionAttributeValues": {":one": {"N": "1"}}}},
 {"Delete": {"Key": $(key bob)}},
 {"ConditionCheck": {"TableName": "Users", "Key": $(key cy), "ConditionExpression": "logins < :limit",
                     "ExpressionAttributeValues": {":limit": {"N": "$1"}}, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]}
EOF
}
transaction 1 >"$dir/cancelled.json"
transaction 5 >"$dir/commits.json"

# Cancelled: every reason in request order, the failed one with the item; nothing written.
before=$(cat "$items")
expect cancelled_reasons 1 \
  "{\"__type\":\"com.amazonaws.dynamodb.v20120810#TransactionCanceledException\",\"message\":\"Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, None, ConditionalCheckFailed]\",\"CancellationReasons\":[{\"Code\":\"None\"},{\"Code\":\"None\"},{\"Code\":\"None\"},{\"Code\":\"ConditionalCheckFailed\",\"Message\":\"The conditional request failed\",\"Item\":$cy}]}" '' -- \
  query run "${table[@]}" --operation TransactWriteItems --request "$dir/cancelled.json" --save-items --compact
untouched cancelled_leaves_file "$before"
expect_error cancelled_line 1 '^sortkey: TransactionCanceledException: \[None, None, None, ConditionalCheckFailed\]; nothing was written$' '' -- \
  query run "${table[@]}" --operation TransactWriteItems --request "$dir/cancelled.json"
expect index_unchanged 0 "{\"Items\":[$ann,$cy],\"Count\":2,\"ScannedCount\":2}" '' -- "${admins[@]}"

# Commits: {} and the file written in its order, bob gone, dee at the end;
# the new admin is in the sparse index.
expect commits 0 '{}' '' -- \
  query run "${table[@]}" --operation TransactWriteItems --request "$dir/commits.json" --save-items --compact
ann4='{"AdminSince":{"S":"2026-01-10"},"PK":{"S":"ORG#acme"},"SK":{"S":"USER#ann"},"logins":{"N":"4"}}'
dee='{"AdminSince":{"S":"2026-05-05"},"PK":{"S":"ORG#acme"},"SK":{"S":"USER#dee"}}'
untouched commit_written "$(printf '%s\n%s\n%s' "$ann4" "$cy" "$dee")"
expect index_after_commit 0 "{\"Items\":[$ann4,$cy,$dee],\"Count\":3,\"ScannedCount\":3}" '' -- "${admins[@]}"
if [ "$(find "$dir" -name "*.sortkey-*" | wc -l)" != 0 ]; then echo "FAIL no_temporary_left:"; ls "$dir"; fail=1; else echo "ok: no_temporary_left"; fi
# The same transaction again: the Put's condition now fails (dee exists), without ALL_OLD no Item.
expect put_condition_fails 1 \
  '{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","message":"Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None, None, None]","CancellationReasons":[{"Code":"ConditionalCheckFailed","Message":"The conditional request failed"},{"Code":"None"},{"Code":"None"},{"Code":"None"}]}' '' -- \
  query run "${table[@]}" --operation TransactWriteItems --request "$dir/commits.json" --compact

# An item the table refuses (an index key of the wrong type) cancels with
# ValidationError on its action only, even beside a false condition.
before=$(cat "$items")
printf '{"TransactItems":[{"ConditionCheck":{"Key":%s,"ConditionExpression":"attribute_not_exists(PK)"}},{"Put":{"Item":{"PK":{"S":"ORG#acme"},"SK":{"S":"USER#eve"},"AdminSince":{"N":"1"}}}}]}' \
  "$(key ann)" >"$dir/refused_item.json"
expect validation_error_reason 1 \
  '{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","message":"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]","CancellationReasons":[{"Code":"None"},{"Code":"ValidationError","Message":"One or more parameter values were invalid: Type mismatch for Index Key AdminSince Expected: S Actual: N IndexName: Admins"}]}' '' -- \
  query run "${table[@]}" --operation TransactWriteItems --request "$dir/refused_item.json" --save-items --compact
# A Put item without the sort key is the model's to refuse (not "the same
# item" as anything): ValidationError on its action.
printf '{"TransactItems":[{"Put":{"Item":{"PK":{"S":"ORG#acme"}}}},{"Delete":{"Key":%s}}]}' "$(key ann)" >"$dir/no_sort_key.json"
expect missing_key_is_a_reason 1 \
  '{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","message":"Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError, None]","CancellationReasons":[{"Code":"ValidationError","Message":"One or more parameter values were invalid: Missing the key SK in the item"},{"Code":"None"}]}' '' -- \
  query run "${table[@]}" --operation TransactWriteItems --request "$dir/no_sort_key.json" --save-items --compact
# A request DynamoDB refuses whole: the ValidationException body, exit 1.
printf '{"TransactItems":[{"Update":{"Key":%s}}]}' "$(key ann)" >"$dir/no_update.json"
expect update_without_expression 1 \
  "{\"__type\":\"com.amazon.coral.validate#ValidationException\",\"message\":\"1 validation error detected: Value null at 'transactItems.1.member.update.updateExpression' failed to satisfy constraint: Member must not be null\"}" '' -- \
  query run "${table[@]}" --operation TransactWriteItems --request "$dir/no_update.json" --save-items --compact
printf '{"TransactItems":[{"Delete":{"Key":%s,"ReturnValuesOnConditionCheckFailure":"ALL_NEW"}}]}' "$(key ann)" >"$dir/bad_enum.json"
expect_error bad_enum 1 "^sortkey: the table refused the request: ValidationException: .*returnValuesOnConditionCheckFailure.*\[ALL_OLD, NONE\]$" '' -- \
  query run "${table[@]}" --operation TransactWriteItems --request "$dir/bad_enum.json"
untouched refusals_leave_file "$before"

# TransactGetItems: in request order, {} for an item absent, the projection applied.
cat >"$dir/get.json" <<EOF
{"TransactItems": [{"Get": {"TableName": "Users", "Key": $(key ann), "ProjectionExpression": "#l, SK",
                            "ExpressionAttributeNames": {"#l": "logins"}}},
                   {"Get": {"Key": $(key zed)}}, {"Get": {"Key": $(key cy)}}]}
EOF
expect transact_get 0 "{\"Responses\":[{\"Item\":{\"SK\":{\"S\":\"USER#ann\"},\"logins\":{\"N\":\"4\"}}},{},{\"Item\":$cy}]}" '' -- \
  query run "${table[@]}" --operation TransactGetItems --request "$dir/get.json" --compact
# BatchGetItem: the items found, projected; a missing key left out; UnprocessedKeys empty.
cat >"$dir/batch.json" <<EOF
{"RequestItems": {"Users": {"Keys": [$(key cy), $(key zed), $(key dee)], "ProjectionExpression": "SK, AdminSince",
                            "ConsistentRead": true}}}
EOF
expect batch_get 0 '{"Responses":{"Users":[{"AdminSince":{"S":"2026-03-02"},"SK":{"S":"USER#cy"}},{"AdminSince":{"S":"2026-05-05"},"SK":{"S":"USER#dee"}}]},"UnprocessedKeys":{}}' '' -- \
  query run "${table[@]}" --operation BatchGetItem --request "$dir/batch.json" --compact
printf '{"RequestItems":{"Users":{"Keys":[%s],"ProjectionExpression":"a","ExpressionAttributeNames":{"#x":"x"}}}}' "$(key cy)" >"$dir/unused.json"
expect_error batch_unused_name 1 'ValidationException: .*unused in expressions: keys: \{#x\}' '' -- \
  query run "${table[@]}" --operation BatchGetItem --request "$dir/unused.json"
# No TableName at all: the items file's table.
printf '{"TransactItems":[{"Get":{"Key":%s}}]}' "$(key dee)" >"$dir/no_table.json"
expect no_table_name 0 "{\"Responses\":[{\"Item\":$dee}]}" '' -- \
  query run "${table[@]}" --operation TransactGetItems --request "$dir/no_table.json" --compact
expect request_from_stdin 0 "{\"Responses\":[{\"Item\":$dee}]}" "$(cat "$dir/no_table.json")" -- \
  query run "${table[@]}" --operation TransactGetItems --request - --compact

# query build prints the request it reads, in name order; check_write_text on each action.
expect build_transact_write 0 "$(python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), sort_keys=True, separators=(",", ":")))' "$dir/commits.json")" '' -- \
  query build --operation TransactWriteItems --request "$dir/commits.json" --compact
expect build_batch_get 0 "$(python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), sort_keys=True, separators=(",", ":")))' "$dir/batch.json")" '' -- \
  query build --operation BatchGetItem --request "$dir/batch.json" --compact
printf '{"TransactItems":[{"Put":{"Item":%s,"ConditionExpression":"a = :a","ExpressionAttributeValues":{":a":{"S":"x"},":b":{"S":"y"}}}}]}' "$(key ann)" >"$dir/unused_value.json"
expect_error build_unused_value 1 '^sortkey: cannot build the request: bad parameter at byte 0: TransactItems\[0\]\.Put: .*unused in expressions: keys: \{:b\}' '' -- \
  query build --operation TransactWriteItems --request "$dir/unused_value.json"

# Requests that cannot be run: one line, exit 2, the items file untouched.
before=$(cat "$items")
one_line() {  # NAME OPERATION PATTERN FILE-CONTENT (printf %s)
  local name=$1 op=$2 pattern=$3 err status
  printf '%s' "$4" >"$dir/request.json"
  err=$("$sortkey" query run "${table[@]}" --operation "$op" --request "$dir/request.json" 2>&1 >/dev/null)
  status=$?
  if [ $status = 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && grep -Eq -- "$pattern" <<<"$err"; then
    echo "ok: $name"
  else
    echo "FAIL $name: exit $status (expected 2), stderr:"; printf '%s\n' "$err" | head -c 2000; echo; fail=1
  fi
}
deletes() { python3 -c "import json,sys; print(json.dumps({'TransactItems': [{'Delete': {'Key': {'PK': {'S': 'ORG#acme'}, 'SK': {'S': 'U%d' % i}}}} for i in range(int(sys.argv[1]))]}))" "$1"; }
one_line over_100_actions TransactWriteItems 'request.json: TransactItems: 101 actions; DynamoDB takes 1 to 100$' "$(deletes 101)"
one_line no_action TransactWriteItems 'request.json: TransactItems: 0 actions; DynamoDB takes 1 to 100$' '{"TransactItems":[]}'
one_line same_item_twice TransactWriteItems '^sortkey: TransactItems\[1\]\.Delete: the same item as TransactItems\[0\]\.Put; DynamoDB refuses the request \(Transaction request cannot include multiple operations on one item\)$' \
  "{\"TransactItems\":[{\"Put\":{\"Item\":$ann}},{\"Delete\":{\"Key\":{\"SK\":{\"S\":\"USER#ann\"},\"PK\":{\"S\":\"ORG#acme\"}}}}]}"
one_line same_get_twice TransactGetItems 'TransactItems\[1\]\.Get: the same item as TransactItems\[0\]\.Get' \
  "{\"TransactItems\":[{\"Get\":{\"Key\":$(key ann)}},{\"Get\":{\"Key\":$(key ann)}}]}"
one_line same_key_twice BatchGetItem 'RequestItems\.T\.Keys\[2\]: the same item as RequestItems\.T\.Keys\[0\]; DynamoDB refuses the request \(Provided list of item keys contains duplicates\)$' \
  "{\"RequestItems\":{\"T\":{\"Keys\":[$(key ann),$(key bob),$(key ann)]}}}"
one_line second_table TransactWriteItems '^sortkey: TransactItems\[1\]\.ConditionCheck: table Orders, but the items file is the table Users \(TransactItems\[0\]\.Put\); query run runs a request on one table$' \
  "{\"TransactItems\":[{\"Put\":{\"TableName\":\"Users\",\"Item\":$ann}},{\"ConditionCheck\":{\"TableName\":\"Orders\",\"Key\":$(key bob),\"ConditionExpression\":\"attribute_exists(PK)\"}}]}"
one_line second_batch_table BatchGetItem 'RequestItems\.Users\.Keys\[0\]: table Users, but the items file is the table Orders' \
  "{\"RequestItems\":{\"Orders\":{\"Keys\":[$(key ann)]},\"Users\":{\"Keys\":[$(key bob)]}}}"
one_line unknown_action TransactWriteItems 'request.json: TransactItems\[0\]: expected one of Put, Update, Delete, ConditionCheck, got Get$' \
  "{\"TransactItems\":[{\"Get\":{\"Key\":$(key ann)}}]}"
one_line two_actions_in_one TransactWriteItems 'request.json: TransactItems\[0\]: expected an object with one action, got 2 members$' \
  "{\"TransactItems\":[{\"Put\":{\"Item\":$ann},\"Delete\":{\"Key\":$(key ann)}}]}"
one_line unknown_field_in_action TransactWriteItems 'request.json: TransactItems\[0\]\.Delete: ReturnValues: not a field of Delete$' \
  "{\"TransactItems\":[{\"Delete\":{\"Key\":$(key ann),\"ReturnValues\":\"ALL_OLD\"}}]}"
one_line condition_check_field TransactWriteItems 'request.json: TransactItems\[0\]\.ConditionCheck: UpdateExpression: not a field of ConditionCheck$' \
  "{\"TransactItems\":[{\"ConditionCheck\":{\"Key\":$(key ann),\"UpdateExpression\":\"SET a = :a\"}}]}"
one_line missing_key TransactWriteItems 'request.json: TransactItems\[0\]\.Update: Key: missing; Update needs it$' \
  '{"TransactItems":[{"Update":{"UpdateExpression":"SET a = :a"}}]}'
one_line wrong_type TransactWriteItems 'request.json: TransactItems: expected an array, got an object$' '{"TransactItems":{}}'
one_line unknown_top_field TransactGetItems 'request.json: Bogus: not a field of TransactGetItems$' \
  "{\"TransactItems\":[{\"Get\":{\"Key\":$(key ann)}}],\"Bogus\":1}"
one_line token TransactWriteItems 'request.json: ClientRequestToken: the in-memory table keeps no tokens' \
  "{\"TransactItems\":[{\"Delete\":{\"Key\":$(key ann)}}],\"ClientRequestToken\":\"t1\"}"
one_line get_unknown_field TransactGetItems 'request.json: TransactItems\[0\]\.Get\.ConsistentRead: not a field of Get$' \
  "{\"TransactItems\":[{\"Get\":{\"Key\":$(key ann),\"ConsistentRead\":true}}]}"
one_line batch_no_keys BatchGetItem 'request.json: RequestItems\.Users\.Keys: 0 keys; DynamoDB takes 1 to 100 per table$' \
  '{"RequestItems":{"Users":{"Keys":[]}}}'
one_line batch_no_table BatchGetItem 'request.json: RequestItems: no table; DynamoDB takes 1 or more$' '{"RequestItems":{}}'
one_line batch_legacy BatchGetItem 'request.json: RequestItems\.Users\.AttributesToGet: a legacy parameter' \
  "{\"RequestItems\":{\"Users\":{\"Keys\":[$(key ann)],\"AttributesToGet\":[\"a\"]}}}"
one_line batch_over_100 BatchGetItem 'request.json: RequestItems: 101 keys in all; DynamoDB takes at most 100$' \
  "$(python3 -c "import json; print(json.dumps({'RequestItems': {t: {'Keys': [{'PK': {'S': t}, 'SK': {'S': str(i)}} for i in range(n)]} for t, n in (('A', 60), ('B', 41))}}))")"
one_line not_json TransactWriteItems 'request.json: the request is not JSON: ' '{"TransactItems": ['
one_line deep TransactGetItems 'request.json: the request nests deeper than 128 levels$' \
  "$(python3 -c "print('{\"TransactItems\":' + '['*100000 + ']'*100000 + '}')")"
untouched bad_requests_leave_items "$before"

# Options that do not fit: usage errors, exit 2.
expect_error needs_request 2 '^sortkey: BatchGetItem is read from --request FILE only$' '' -- \
  query run "${table[@]}" --operation BatchGetItem --key "$(key ann)"
expect_error save_on_a_read 2 '^sortkey: --save-items writes the items after a write; TransactGetItems writes nothing$' '' -- \
  query run "${table[@]}" --operation TransactGetItems --request "$dir/get.json" --save-items
expect_error options_and_request 2 'not both: --request and --table-name' '' -- \
  query build --operation TransactWriteItems --request "$dir/commits.json" --table-name Users
exit "$fail"
