#!/usr/bin/env bash
# check_id_vocabulary.sh SORTKEY
# One JSON vocabulary for KSUIDs and ULIDs (inspect, decode, generate: the
# same names for the same meaning, none called "timestamp"), structured
# `-o json` for every decode subcommand, `--time` in RFC 3339, the smallest
# and largest ID of a time (--min, --max) and the {field} template of -t.
set -u
sortkey=$1
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"
ksuid=0ujtsYcgvSTl8PAuAdqWYSMnLOv
ulid=01ARZ3NDEKTSV4RRFFQ69G5FAV
ksuid_parts='"id":"0ujtsYcgvSTl8PAuAdqWYSMnLOv","input":"0ujtsYcgvSTl8PAuAdqWYSMnLOv","ksuid_epoch_seconds":107608047,"payload":"B5A1CD34B5F99D1154FB6853345C9735","raw":"0669F7EFB5A1CD34B5F99D1154FB6853345C9735","time":"2017-10-10T04:00:47Z","unix_ms":1507608047000,"unix_seconds":1507608047'
ulid_parts='"canonical":true,"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","input":"01ARZ3NDEKTSV4RRFFQ69G5FAV","payload":"D6764C61EFB99302BD5B","raw":"01563E3AB5D3D6764C61EFB99302BD5B","time":"2016-07-30T23:54:10.259Z","unix_ms":1469922850259,"unix_seconds":1469922850'

# 1. The vocabulary: decode -o json is inspect -o json; both families share
# id, raw, time, unix_seconds, unix_ms, payload, and neither says "timestamp".
expect ksuid_inspect_json 0 "{$ksuid_parts}" '' -- ksuid inspect -o json $ksuid
expect ksuid_decode_json 0 "{$ksuid_parts}" '' -- decode ksuid -o json $ksuid
expect ulid_inspect_json 0 "{$ulid_parts}" '' -- ulid inspect -o json $ulid
expect ulid_decode_json 0 "{$ulid_parts}" '' -- decode ulid -o json $ulid
shared=$(for family in ksuid ulid; do
  "$sortkey" $family generate -n 3 -o json
done | python3 -c '
import json, sys
rows = [json.loads(line) for line in sys.stdin]
common = set.intersection(*(set(r) for r in rows))
assert not any("timestamp" in r for r in rows), rows
for r in rows:
    assert r["unix_ms"] // 1000 == r["unix_seconds"], r
    assert r["time"].endswith("Z"), r
print(" ".join(sorted(common)))')
if [ "$shared" = "id payload raw time unix_ms unix_seconds" ]; then
  echo "ok: shared_fields"
else
  echo "FAIL shared_fields: $shared"; fail=1
fi
expect ksuid_f_unix_ms 0 '1507608047000' '' -- ksuid inspect -f unix_ms $ksuid
expect ulid_f_unix_seconds 0 '1469922850' '' -- ulid inspect -f unix_seconds $ulid
expect ksuid_f_timestamp_is_ksuid_tools 0 '107608047' '' -- ksuid inspect -f timestamp $ksuid
expect ulid_has_no_timestamp 2 '' '' -- ulid inspect -f timestamp $ulid
expect decode_text_unchanged 0 '0669F7EFB5A1CD34B5F99D1154FB6853345C9735' '' -- decode ksuid $ksuid

# 2. Every decode subcommand: its decoded fields, never the text line wrapped.
expect decode_padded_json 0 '{"input":"00157","value":"157"}' '' -- decode padded --width 5 -o json 00157
expect decode_inverse_json 0 '{"input":"99842","value":"157"}' '' -- decode inverse --width 5 -o json 99842
expect decode_name_json 0 '{"input":"DEBRIE","value":"DEBRIE"}' '' -- decode name --case upper -o json DEBRIE
number_key=$("$sortkey" encode number 1e2)
expect decode_number_json 0 "{\"input\":\"$number_key\",\"value\":\"100\"}" '' -- decode number -o json "$number_key"
expect decode_composite_json 0 '{"input":"EVENT#2026-06#ORG$23ACME","segments":["EVENT","2026-06","ORG#ACME"]}' '' -- decode composite -o json 'EVENT#2026-06#ORG$23ACME'
expect decode_timestamp_json 0 '{"input":"2026-06-23T00:00:00.120Z","nanos":120000000,"time":"2026-06-23T00:00:00.120Z","time_ns":"2026-06-23T00:00:00.120000000Z","unix_seconds":1782172800}' '' -- decode timestamp -o json 2026-06-23T00:00:00.120Z
expect decode_epoch_json 0 '{"count":"1782172800123","input":"1782172800123","nanos":123000000,"time":"2026-06-23T00:00:00.123Z","unit":"ms","unix_seconds":1782172800}' '' -- decode epoch --unit ms --width 13 -o json 1782172800123
expect decode_json_error 1 '{"error":{"code":"bad character","message":"expected a digit, found '"'"'x'"'"'","offset":2},"input":"00x57"}' '' -- decode padded --width 5 -o json 00x57
# Every decode subcommand is one of the above: a new one gets its line here.
listed=$("$sortkey" completions bash | sed -n 's/^    " decode") words="\(.*\)" ;;$/\1/p' | tr ' ' '\n' | grep -v '^-' | sort | tr '\n' ' ')
if [ "$listed" = "composite epoch inverse ksuid name number padded timestamp ulid " ]; then
  echo "ok: every_decoder_checked"
else
  echo "FAIL every_decoder_checked: decode subcommands are: $listed"; fail=1
fi

# 3. --time: an integer of the family's unit, or RFC 3339 with any offset and
# fraction (floored to the unit); anything else a one-line usage error.
expect ksuid_build_rfc3339 0 "$ksuid" '' -- ksuid build --time 2017-10-10T04:00:47Z --payload B5A1CD34B5F99D1154FB6853345C9735
expect ksuid_build_offset 0 "$ksuid" '' -- ksuid build --time 2017-10-10T06:00:47.999+02:00 --payload B5A1CD34B5F99D1154FB6853345C9735
expect ulid_build_fraction 0 "$ulid" '' -- ulid build --time 2016-07-30T23:54:10.259999Z --entropy D6764C61EFB99302BD5B
expect ulid_build_integer 0 "$ulid" '' -- ulid build --time 1469922850259 --entropy D6764C61EFB99302BD5B
expect_error bad_time_names_forms 2 '^sortkey: --time: must be unix seconds \(an integer\) or RFC 3339 \(2026-12-04T03:15:00Z, 2026-12-04T04:15:00\+01:00, 2026-12-04T03:15:00.250Z\), got "yesterday"$' '' -- ksuid build --time yesterday
expect_error bad_time_date_only 2 '^sortkey: --time: must be unix milliseconds \(an integer\) or RFC 3339 .*, got "2026-12-04"$' '' -- ulid generate --time 2026-12-04
expect_error rfc3339_out_of_range 2 '^sortkey: --time: must be between 1400000000 and 5694967295 unix seconds .*, got 2001-01-01T00:00:00Z$' '' -- ksuid generate --time 2001-01-01T00:00:00Z
expect ulid_generate_at_time 0 '2026-12-04T03:15:00.250Z\n2026-12-04T03:15:00.250Z' '' -- ulid generate --time 2026-12-04T04:15:00.250+01:00 -n 2 -f time

# 4. --min and --max: every ID of the second (KSUID) or millisecond (ULID)
# sorts between them by bytes, and the next unit's smallest is above them.
bounds() {  # FAMILY TIME NEXT_TIME
  local family=$1 t=$2 next=$3 min max ids next_min
  min=$("$sortkey" "$family" generate --time "$t" --min)
  max=$("$sortkey" "$family" generate --time "$t" --max)
  next_min=$("$sortkey" "$family" generate --time "$next" --min)
  ids=$( { "$sortkey" "$family" generate --time "$t" -n 2000; "$sortkey" "$family" generate --time "$t" -n 2000 --monotonic; } )
  local sorted
  sorted=$(printf '%s\n%s\n%s\n%s\n' "$min" "$ids" "$max" "$next_min" | LC_ALL=C sort)
  if [ "$(head -1 <<<"$sorted")" = "$min" ] && [ "$(tail -2 <<<"$sorted" | head -1)" = "$max" ] &&
     [ "$(tail -1 <<<"$sorted")" = "$next_min" ] && [ "$(wc -l <<<"$ids")" = 4000 ] &&
     [ "$(sort -u <<<"$ids" | wc -l)" = 4000 ]; then
    echo "ok: ${family}_min_max_bound_the_time"
  else
    echo "FAIL ${family}_min_max_bound_the_time: min $min max $max next $next_min"; fail=1
  fi
}
bounds ksuid 2026-01-01T00:00:00Z 2026-01-01T00:00:01Z
bounds ulid 2026-01-01T00:00:00.000Z 2026-01-01T00:00:00.001Z
expect ksuid_min 0 '{"id":"37dGalnvVFpJFsmiFDGIwmudA4O","ksuid_epoch_seconds":367225600,"payload":"00000000000000000000000000000000","raw":"15E36B0000000000000000000000000000000000","time":"2026-01-01T00:00:00Z","unix_ms":1767225600000,"unix_seconds":1767225600}' '' -- ksuid generate --time 2026-01-01T00:00:00Z --min -o json
expect ulid_max 0 '01KDVDNA00ZZZZZZZZZZZZZZZZ' '' -- ulid generate --time 2026-01-01T00:00:00Z --max
expect min_needs_time 2 '' '' -- ulid generate --min
expect min_excludes_max 2 '' '' -- ulid generate --time 0 --min --max
expect min_excludes_count 2 '' '' -- ksuid generate --time 2026-01-01T00:00:00Z --min -n 3

# 5. -t: a {field} template over the same vocabulary, for inspect and generate.
expect inspect_template 0 '2017-10-10T04:00:47Z 0ujtsYcgvSTl8PAuAdqWYSMnLOv {107608047}' '' -- ksuid inspect -t '{time} {id} {{{timestamp}}}' $ksuid
expect inspect_f_template 0 '1469922850259:D6764C61EFB99302BD5B' "$ulid\n" -- ulid inspect -f template -t '{unix_ms}:{payload}'
expect generate_template 0 '01KDVDNA0000000000000000000000' '' -- ulid generate --time 2026-01-01T00:00:00Z --min -t '{id}0000'
expect_error template_unknown_field 2 '^sortkey: --template: unknown field \{stamp\} at byte 0; the fields are id, raw, time, unix_seconds, unix_ms, payload, ksuid_epoch_seconds, string, timestamp$' '' -- ksuid inspect -t '{stamp}' $ksuid
expect_error template_unclosed 2 "^sortkey: --template: the '\{' at byte 3 is not closed; write \{\{ for a brace$" '' -- ksuid inspect -t 'id {id' $ksuid
expect_error template_needs_t 2 '^sortkey: -f template: needs -t,--template TEMPLATE' '' -- ksuid inspect -f template $ksuid
expect template_and_f_id_conflict 2 '' '' -- ulid generate -f id -t '{id}'
expect template_and_json_conflict 2 '' '' -- ksuid inspect -t '{id}' -o json $ksuid
exit $fail
