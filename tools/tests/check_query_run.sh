#!/usr/bin/env bash
# check_query_run.sh SORTKEY
# sortkey query run end to end: the items of a file (one per line, or a JSON
# array) loaded into the in-memory table, a request run, its pages printed
# as the AWS CLI prints a Query response; the Limit counted before the
# filter, the pages read on from LastEvaluatedKey, an index, Select COUNT, a
# projection. Files that cannot be used are exit 2 with the reason; a
# request the table refuses is exit 1.
set -u
sortkey=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"

i1='{"PK":{"S":"ACTOR#u_8814"},"SK":{"S":"EVT#2026-06-23T10:00:00Z"},"kind":{"S":"login"}}'
i2='{"PK":{"S":"ACTOR#u_8814"},"SK":{"S":"EVT#2026-06-23T11:00:00Z"},"kind":{"S":"deploy"}}'
i3='{"PK":{"S":"ACTOR#u_8814"},"SK":{"S":"EVT#2026-06-23T12:00:00Z"},"kind":{"S":"login"}}'
i4='{"PK":{"S":"ACTOR#u_9000"},"SK":{"S":"EVT#2026-06-23T10:30:00Z"},"kind":{"S":"login"}}'
k2='{"PK":{"S":"ACTOR#u_8814"},"SK":{"S":"EVT#2026-06-23T11:00:00Z"}}'
k3='{"PK":{"S":"ACTOR#u_8814"},"SK":{"S":"EVT#2026-06-23T12:00:00Z"}}'
printf '%s\n\n%s\n%s\n%s\n' "$i3" "$i1" "$i4" "$i2" >"$dir/items.jsonl" # any order; a blank line
printf '[%s,\n %s, %s,%s]\n' "$i2" "$i4" "$i1" "$i3" >"$dir/items.json"

table=(--partition-key PK --sort-key SK)
actor=(--partition PK=ACTOR#u_8814 --sort SK --begins-with EVT#2026-06-23)
login=(--filter-expression '#k = :k' --expression-attribute-names '{"#k":"kind"}'
       --expression-attribute-values '{":k":{"S":"login"}}')

expect pages_follow_last_evaluated_key 0 \
  "{\"Items\":[$i1,$i2],\"Count\":2,\"ScannedCount\":2,\"LastEvaluatedKey\":$k2}\n{\"Items\":[$i3],\"Count\":1,\"ScannedCount\":1}" \
  '' -- query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" --limit 2 --compact
expect array_file_same_pages 0 \
  "{\"Items\":[$i1,$i2],\"Count\":2,\"ScannedCount\":2,\"LastEvaluatedKey\":$k2}\n{\"Items\":[$i3],\"Count\":1,\"ScannedCount\":1}" \
  '' -- query run --items "$dir/items.json" "${table[@]}" "${actor[@]}" --limit 2 --compact
expect limit_counts_before_the_filter 0 \
  "{\"Items\":[$i1],\"Count\":1,\"ScannedCount\":2,\"LastEvaluatedKey\":$k2}\n{\"Items\":[$i3],\"Count\":1,\"ScannedCount\":1}" \
  '' -- query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" "${login[@]}" --limit 2 --compact
expect backward_first_page_only 0 \
  "{\"Items\":[$i3,$i2],\"Count\":2,\"ScannedCount\":2,\"LastEvaluatedKey\":$k2}" \
  '' -- query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" --limit 2 --no-scan-index-forward --no-paginate --compact
expect exclusive_start_key_reads_on 0 "{\"Items\":[$i3],\"Count\":1,\"ScannedCount\":1}" \
  '' -- query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" --exclusive-start-key "$k2" --compact
expect select_count_has_no_items 0 '{"Count":2,"ScannedCount":3}' \
  '' -- query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" "${login[@]}" --select COUNT --compact
expect projection_top_level 0 \
  '{"Items":[{"SK":{"S":"EVT#2026-06-23T10:00:00Z"},"kind":{"S":"login"}},{"SK":{"S":"EVT#2026-06-23T12:00:00Z"},"kind":{"S":"login"}}],"Count":2,"ScannedCount":3}' \
  '' -- query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" "${login[@]}" --projection-expression 'SK, #k' --compact
expect key_condition_as_text 0 "{\"Items\":[$i4],\"Count\":1,\"ScannedCount\":1}" \
  '' -- query run --items "$dir/items.jsonl" "${table[@]}" --key-condition-expression 'PK = :p' \
  --expression-attribute-values '{":p":{"S":"ACTOR#u_9000"}}' --compact
# A global secondary index: its LastEvaluatedKey holds the index keys and the table keys.
expect index_pages 0 \
  "{\"Items\":[$i1,$i4],\"Count\":2,\"ScannedCount\":2,\"LastEvaluatedKey\":{\"PK\":{\"S\":\"ACTOR#u_9000\"},\"SK\":{\"S\":\"EVT#2026-06-23T10:30:00Z\"},\"kind\":{\"S\":\"login\"}}}\n{\"Items\":[$i3],\"Count\":1,\"ScannedCount\":1}" \
  '' -- query run --items "$dir/items.jsonl" "${table[@]}" --index ByKind=kind/SK --index-name ByKind \
  --partition kind=login --limit 2 --compact
# The AWS CLI's layout: four spaces, one document per page.
out=$("$sortkey" query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" --limit 2)
if [ "$(grep -c '^    "Count": ' <<<"$out")" != 2 ] || [ "$(head -n 1 <<<"$out")" != "{" ]; then
  echo "FAIL pretty_pages: expected two documents indented by four spaces:"; echo "$out"; fail=1
else
  echo "ok: pretty_pages"
fi

# Files that cannot be used: exit 2, naming the file and what is wrong.
printf '%s\n%s\n' "$i1" '{"PK": {"S": "A"}, ' >"$dir/broken.jsonl"
printf '%s\n%s\n' "$i1" '{"SK":{"S":"no partition key"}}' >"$dir/keyless.jsonl"
printf '[%s, 7]\n' "$i1" >"$dir/not-items.json"
printf '{"PK":{"S":"deep"},"m":%s1%s}\n' "$(printf '[%.0s' $(seq 200))" "$(printf ']%.0s' $(seq 200))" >"$dir/deep.jsonl"
printf '{"PK":{"S":"x"},"SK":{"N":"1"}}\n' >"$dir/wrong-type.jsonl"
expect_error missing_file 2 "cannot read $dir/none.jsonl: No such file or directory" '' -- \
  query run --items "$dir/none.jsonl" "${table[@]}" "${actor[@]}"
expect_error directory 2 "cannot read $dir: it is a directory" '' -- query run --items "$dir" "${table[@]}" "${actor[@]}"
expect_error bad_line 2 "broken.jsonl: line 2: not valid JSON" '' -- \
  query run --items "$dir/broken.jsonl" "${table[@]}" "${actor[@]}"
expect_error item_without_key 2 "keyless.jsonl: item 2 cannot be stored: .*PK" '' -- \
  query run --items "$dir/keyless.jsonl" "${table[@]}" "${actor[@]}"
expect_error key_of_wrong_type 2 "wrong-type.jsonl: item 1 cannot be stored: .*SK" '' -- \
  query run --items "$dir/wrong-type.jsonl" "${table[@]}" "${actor[@]}"
expect_error array_element_not_an_item 2 "not-items.json: item 2 of the array: " '' -- \
  query run --items "$dir/not-items.json" "${table[@]}" "${actor[@]}"
expect_error nesting_refused 2 "deep.jsonl: line 1: nests deeper than 128 levels" '' -- \
  query run --items "$dir/deep.jsonl" "${table[@]}" "${actor[@]}"
# A type letter that is none of S, N, B is refused with the option named,
# not read as part of the name ("Missing the key PK:X in the item").
expect_error partition_key_bad_type 2 "^sortkey: --partition-key: the type after ':' in \"PK:X\" must be S, N or B, got X" '' -- \
  query run --items "$dir/items.jsonl" --partition-key PK:X --partition PK=a
expect_error sort_key_lower_case_type 2 "^sortkey: --sort-key: the type after ':' in \"SK:s\" must be S, N or B, got s" '' -- \
  query run --items "$dir/items.jsonl" --partition-key PK --sort-key SK:s --partition PK=a
expect_error bad_index_spec 2 "--index: expected NAME=PK\\[/SK\\]" '' -- \
  query run --items "$dir/items.jsonl" "${table[@]}" --index nokeys "${actor[@]}"
expect_error needs_partition_key 2 "--partition-key is required" '' -- \
  query run --items "$dir/items.jsonl" "${actor[@]}"
# A request the table refuses as DynamoDB would: exit 1.
expect_error filter_on_key 1 "Filter Expression can only contain non-primary key attributes" '' -- \
  query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" --filter-expression 'SK = :s' \
  --expression-attribute-values '{":s":{"S":"x"}}'
expect_error nested_projection 2 "projects top-level attributes only" '' -- \
  query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" --projection-expression 'kind.part'
expect_error projection_reserved_word 1 'Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: Status' '' -- \
  query run --items "$dir/items.jsonl" "${table[@]}" "${actor[@]}" --projection-expression 'SK,Status'
# Expressions DynamoDB refuses for their size or their operators, however
# deeply they nest: refused with its message, never a crash (once SIGSEGV).
deep_parens=$(python3 -c "print('('*3500 + 'kind = :s' + ')'*3500)")
many_nots=$(python3 -c "print('NOT '*30000 + 'kind = :s')")
many_ands=$(python3 -c "print(' AND '.join(['kind = :s']*9000))")  # an argument holds 128 KB
short_nots=$(python3 -c "print('NOT '*1000 + 'kind = :s')")
for how in build run; do
  args=(query "$how" "${actor[@]}" --expression-attribute-values '{":s":{"S":"x"}}')
  [ "$how" = build ] || args+=("${table[@]}" --items "$dir/items.jsonl")
  expect_error "${how}_deep_parentheses" 1 "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 7009" '' -- \
    "${args[@]}" --filter-expression "$deep_parens"
  expect_error "${how}_30000_nots" 1 "expression size: 120009" '' -- "${args[@]}" --filter-expression "$many_nots"
  expect_error "${how}_9000_ands" 1 "Expression size has exceeded" '' -- "${args[@]}" --filter-expression "$many_ands"
  expect_error "${how}_1000_nots" 1 "The expression contains too many operators; operator count: 301" '' -- \
    "${args[@]}" --filter-expression "$short_nots"
done
expect_error projection_20000_names 1 "Invalid ProjectionExpression: Expression size has exceeded" '' -- \
  query build "${actor[@]}" --projection-expression "$(python3 -c "print(','.join('a%d' % i for i in range(20000)))")"
exit $fail
