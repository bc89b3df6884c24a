#!/usr/bin/env bash
# check_option_ranges.sh SORTKEY
# A number an option cannot take is a usage error (exit 2) that states the
# option's real range, whether the value is just outside it or past what a
# machine integer holds; never the int32 range, never a 309-digit bound.
set -u
sortkey=$1
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"
huge=99999999999999999999
expect_error limit_zero 2 '^sortkey: --limit: must be between 1 and 2147483647, got 0$' '' -- \
  query build --partition PK=x --limit 0
expect_error limit_huge 2 '^sortkey: --limit: must be between 1 and 2147483647, got '"$huge"'$' '' -- \
  query build --partition PK=x --limit "$huge"
expect_error width_huge 2 '^sortkey: --width: must be between 1 and 38, got 99999999999$' '' -- \
  encode padded --width 99999999999 5
expect_error width_negative_huge 2 '^sortkey: --width: must be between 1 and 38, got -'"$huge"'$' '' -- \
  encode padded --width "-$huge" 5
expect_error precision_huge 2 '^sortkey: --precision: must be between 0 and 9 fraction digits, got 99999999999$' '' -- \
  encode timestamp --precision 99999999999 2026-06-23T10:00:00Z
expect_error ksuid_time_huge 2 '^sortkey: --time: must be between 1400000000 and 5694967295 unix seconds \(2014-05-13T16:53:20Z to 2150-06-19T23:21:35Z\), got '"$huge"'$' '' -- \
  ksuid build --time "$huge"
expect_error ksuid_time_before_epoch 2 '^sortkey: --time: must be between 1400000000 and 5694967295 unix seconds \(2014-05-13T16:53:20Z to 2150-06-19T23:21:35Z\), got 0$' '' -- \
  ksuid build --time 0
expect_error ulid_time_negative 2 '^sortkey: --time: must be between 0 and 281474976710655 unix milliseconds .*, got -1$' '' -- \
  ulid build --time -1
expect_error count_zero 2 '^sortkey: --count: must be between 1 and 100000000, got 0$' '' -- ksuid generate -n 0
expect_error timeout_ms_huge 2 '^sortkey: --timeout-ms: must be between 1 and 3600000, got 99999999999$' '' -- \
  certify --codec-cmd true --timeout-ms 99999999999
expect_error cases_huge 2 '^sortkey: --cases: must be between 1 and 10000000, got '"$huge"'$' '' -- \
  certify --cases "$huge"
expect_error jobs_zero 2 '^sortkey: --jobs: must be between 1 and 256, got 0$' '' -- certify --jobs 0
expect_error scope_huge 2 '^sortkey: --scope: must be between 0 and [0-9]+, got '"$huge"'$' '' -- \
  design check --scope "$huge" x.yaml
expect_error budget_zero 2 '^sortkey: --budget: must be between 1 and 604800 seconds, got 0$' '' -- \
  certify --endpoint http://127.0.0.1:9 --budget 0
expect_error budget_nan 2 '^sortkey: --budget: must be between 1 and 604800 seconds, got nan$' '' -- \
  certify --endpoint http://127.0.0.1:9 --budget nan
expect_error request_timeout_exponent 2 '^sortkey: --request-timeout: must be between 0.001 and 3600 seconds, got 1e3$' '' -- \
  certify --endpoint http://127.0.0.1:9 --request-timeout 1e3
expect_error fuzz_seconds_fraction 2 '^sortkey: --seconds: must be between 1 and 604800 seconds, got 0.5$' '' -- \
  fuzz --seconds 0.5
# Values inside the range are taken as they are written.
expect limit_in_range 0 '{"ExpressionAttributeNames":{"#pk":"PK"},"ExpressionAttributeValues":{":pk":{"S":"x"}},"KeyConditionExpression":"#pk = :pk","Limit":7}' '' -- \
  query build --partition PK=x --limit 007 --compact
exit $fail
