#!/usr/bin/env bash
# check_usage_hints.sh SORTKEY
# A command line sortkey does not know gets the nearest spelling ("did you
# mean") for a command, a codec, an option or a property id; a command left
# out gets the list of those there are; `sortkey help CMD [SUB]` prints what
# `CMD SUB --help` prints.
set -u
sortkey=$1
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"
expect_error misspelled_command 2 '^sortkey: unknown command "encod"; did you mean encode\?' '' -- encod padded 1
expect_error misspelled_codec 2 'unknown command "padd" after "encode"; did you mean padded\?' '' -- encode padd 1
expect_error misspelled_option 2 '^sortkey encode padded: unknown option --widht; did you mean --width\?$' '' -- encode padded --widht 5 1
expect_error misspelled_option_with_value 2 'unknown option --widht; did you mean --width\?' '' -- encode padded --widht=5 1
expect_error misspelled_jobs 2 '^sortkey certify: unknown option --jbos; did you mean --jobs\?$' '' -- certify --jbos 2
expect_error unknown_option_far_from_all 2 'unknown option --zzzzzz; `sortkey help encode padded` lists the options' '' -- encode padded --width 5 --zzzzzz 1
expect_error misspelled_property 2 'no property matches "padd"; did you mean padded\? \(--list shows every id\)$' '' -- certify --property padd --list
expect_error misspelled_property_id 2 'no property matches "padded/ordr"; did you mean padded/order\?' '' -- certify --property padded/ordr --list
expect_error unknown_property_groups 2 'no property matches "xyzzy"; the groups: padded, inverse, name' '' -- certify --property xyzzy --list
# A property id's group selects the group.
out=$("$sortkey" certify --list --property padded | cut -d' ' -f1)
if [ "$(printf '%s\n' "$out" | grep -c '^padded/')" -ge 7 ] && ! grep -qv '^padded/' <<<"$out"; then
  echo "ok: property_group_selects"
else
  echo "FAIL property_group_selects:"; echo "$out"; fail=1
fi
# A command left out: its subcommands, one a line with what each does.
expect_error no_command 2 '^  ksuid +generate, inspect and build KSUIDs$' '' --
expect_error no_command_says_so 2 '^sortkey: a command is required:$' '' --
expect_error no_subcommand 2 '^  generate +print new KSUIDs, one a line$' '' -- ksuid
expect_error no_subcommand_help_line 2 '`sortkey help ksuid COMMAND` shows' '' -- ksuid
expect_error no_subcommand_before_option 2 '^sortkey ksuid: a command is required:$' '' -- ksuid -n 5
# sortkey help CMD [SUB]: the help of that command, exit 0.
for words in "encode" "encode padded" "certify" "ksuid generate" "design check"; do
  # shellcheck disable=SC2086
  want=$("$sortkey" $words --help) && got=$("$sortkey" help $words); status=$?
  if [ $status = 0 ] && [ "$got" = "$want" ] && [[ "$got" == *"Usage: sortkey $words "* ]]; then
    echo "ok: help $words"
  else
    echo "FAIL help $words: exit $status:"; diff <(echo "$want") <(echo "$got"); fail=1
  fi
done
got=$("$sortkey" help) && [[ "$got" == *"Usage: sortkey [OPTIONS] SUBCOMMAND"* ]] && [[ "$got" == *"certify"* ]] \
  && echo "ok: help alone" || { echo "FAIL help alone:"; echo "$got"; fail=1; }
expect_error help_misspelled 2 '^sortkey help: unknown command "encod"; did you mean encode\?' '' -- help encod
expect_error help_too_deep 2 'sortkey encode padded has no subcommand "x"' '' -- help encode padded x
# Valid command lines are not touched by the hints: a negative number is an input.
expect negative_input 0 '112584:' '' -- encode number -1.5
exit $fail
