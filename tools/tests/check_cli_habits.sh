#!/usr/bin/env bash
# check_cli_habits.sh SORTKEY
# The command line's habits end to end: inputs from standard input (none
# given, or "-"), one JSON object per input with -o json, one part of an ID
# with inspect -f, and one spelling per operation (ksuid build, not encode).
set -u
sortkey=$1
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"
ksuid=0ujtsYcgvSTl8PAuAdqWYSMnLOv
expect stdin_when_no_input 0 '00157\n00002' '157\n2\n' -- encode padded --width 5
expect stdin_last_line_unended 0 '00157\n00002' '157\r\n2' -- encode padded --width 5
expect dash_reads_stdin_in_place 0 '00009\n00157\n00003' '157\n' -- encode padded --width 5 9 - 3
expect stdin_rejected_line_keeps_place 1 '00157\n\n00002' '157\nx\n2\n' -- encode padded --width 5
expect decode_from_stdin 0 '157' '00157\n' -- decode padded --width 5
expect empty_stdin_prints_nothing 0 '' '' -- decode padded --width 5
expect json_output 1 '{"input":"157","output":"00157"}\n{"error":{"code":"bad character","message":"expected a decimal digit, found '"'"'x'"'"'","offset":0},"input":"x"}' '' -- encode padded --width 5 -o json 157 x
expect inspect_one_part 0 '2017-10-10T04:00:47Z' '' -- ksuid inspect -f time $ksuid
expect inspect_timestamp 0 '107608047' "$ksuid\n" -- ksuid inspect -f timestamp
expect inspect_payload 0 'B5A1CD34B5F99D1154FB6853345C9735' '' -- ksuid inspect -f payload $ksuid
expect inspect_raw 0 '0669F7EFB5A1CD34B5F99D1154FB6853345C9735' '' -- ksuid inspect -f raw $ksuid
expect inspect_json 0 '{"id":"0ujtsYcgvSTl8PAuAdqWYSMnLOv","input":"0ujtsYcgvSTl8PAuAdqWYSMnLOv","ksuid_epoch_seconds":107608047,"payload":"B5A1CD34B5F99D1154FB6853345C9735","raw":"0669F7EFB5A1CD34B5F99D1154FB6853345C9735","time":"2017-10-10T04:00:47Z","unix_ms":1507608047000,"unix_seconds":1507608047}' '' -- ksuid inspect -o json $ksuid
expect ulid_inspect_json_any_case 0 '{"canonical":false,"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","input":"01arz3ndektsv4rrffq69g5fav","payload":"D6764C61EFB99302BD5B","raw":"01563E3AB5D3D6764C61EFB99302BD5B","time":"2016-07-30T23:54:10.259Z","unix_ms":1469922850259,"unix_seconds":1469922850}' '' -- ulid inspect -o json 01arz3ndektsv4rrffq69g5fav
expect ulid_inspect_entropy 0 'D6764C61EFB99302BD5B' '01ARZ3NDEKTSV4RRFFQ69G5FAV\n' -- ulid inspect -f payload -
expect ksuid_build 0 "$ksuid" '' -- ksuid build --time 1507608047 --payload b5a1cd34b5f99d1154fb6853345c9735
expect ksuid_encode_is_gone 2 '' '' -- ksuid encode --time 1507608047 --payload b5a1cd34b5f99d1154fb6853345c9735
expect format_and_json_conflict 2 '' '' -- ksuid inspect -f time -o json $ksuid
expect bad_output_value 2 '' '' -- decode padded --width 5 -o yaml 00157
expect list_json 0 '{"codec":"padded","id":"padded/order","statement":"key(a) <=> key(b) has the sign of a <=> b, equality included"}' '' -- certify --list -o json --property padded/order
expect output_needs_list 2 '' '' -- certify -o json --property padded/order
src=$(cd "$(dirname "$0")/../.." && pwd)
out=$("$sortkey" certify -q --cases 5 --property padded/order --property padded/round_trip 2>&1); status=$?
if [ $status = 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [[ "$out" == "CERTIFIED: sortkey built-in codecs: 2 of 2 properties passed in "* ]]; then
  echo "ok: quiet"
else
  echo "FAIL quiet: exit $status:"; echo "$out"; fail=1
fi
out=$("$sortkey" certify --fail-fast --no-progress --codec-cmd "python3 $src/adapters/broken/unpadded_number.py" --property padded/ --cases 100 2>&1); status=$?
if [ $status = 1 ] && [[ "$out" == *" not run (--fail-fast)"* ]] && ! [[ "$out" == *"padded/fixed_width "* ]]; then
  echo "ok: fail_fast"
else
  echo "FAIL fail_fast: exit $status:"; echo "$out"; fail=1
fi
# stderr not a terminal (a CI log): one line per property as it ends (one
# process, so in the serial order).
err=$("$sortkey" certify --jobs 1 --cases 5 --property padded/order --property padded/round_trip 2>&1 >/dev/null)
if [[ "$err" == *"[1/2] padded/round_trip passed (5 cases, "* ]] && [[ "$err" == *"[2/2] padded/order passed"* ]]; then
  echo "ok: progress_in_a_log"
else
  echo "FAIL progress_in_a_log:"; echo "$err"; fail=1
fi
# Plurals agree with their counts: "1 property", "1 case", "1 of 1 property".
out=$("$sortkey" certify --cases 1 --property padded/order --no-progress 2>&1); status=$?
if [ $status = 0 ] && [[ "$out" == *": 1 property, 1 case each, seed "* ]] &&
   [[ "$out" == *"CERTIFIED: sortkey built-in codecs: 1 of 1 property passed in "* ]]; then
  echo "ok: plurals"
else
  echo "FAIL plurals: exit $status:"; echo "$out"; fail=1
fi
# A line without an end longer than 1 MiB is refused, not read whole.
out=$(head -c 2000000 /dev/zero | tr '\0' 1 | "$sortkey" decode padded --width 5 2>&1 >/dev/null); status=$?
if [ $status = 2 ] && [[ "$out" == *"standard input line 1 is longer than 1048576 bytes"* ]]; then
  echo "ok: long_stdin_line"
else
  echo "FAIL long_stdin_line: exit $status: $out"; fail=1
fi
exit $fail
