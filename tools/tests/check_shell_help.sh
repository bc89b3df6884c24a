#!/usr/bin/env bash
# check_shell_help.sh SORTKEY
# The completions and the manual page come from the command line's own
# definitions: bash and fish complete commands, options and their values
# at every depth, zsh parses the bash script, and nroff renders a page naming
# every command, with EXAMPLES, ENVIRONMENT and SEE ALSO.
set -u
sortkey=$1
fail=0
script=$(mktemp) page=$(mktemp)
trap 'rm -f "$script" "$page"' EXIT
"$sortkey" completions bash >"$script" || { echo "completions bash failed"; exit 1; }
# complete WORDS... -> the candidates bash offers for the last word
complete_words() {
  PATH="$(dirname "$sortkey"):$PATH" bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sortkey; printf "%s\n" "${COMPREPLY[@]}"' _ "$script" "$@"
}
expect() {  # expect WANT WORDS...: WANT is among the candidates
  local want=$1
  shift
  if complete_words "$@" | grep -qx -- "$want"; then
    echo "ok: '$*' offers $want"
  else
    echo "FAIL: '$*' does not offer $want; offers:"; complete_words "$@"; fail=1
  fi
}
expect encode sortkey enc
expect padded sortkey encode pad
expect --width sortkey encode padded --wi
expect --width sortkey encode padded 157 --wi   # after an input
expect --fail-fast sortkey certify --fa
expect build sortkey ksuid b
expect --format sortkey ksuid inspect --fo
# Values: an option's list of values, the global --color, the property ids
# and groups (asked of the sortkey being completed).
expect ms sortkey encode epoch --unit m
expect newest-first sortkey layout reading --order newest-f
expect json sortkey decode ulid -o j
expect COUNT sortkey query build --select C
expect never sortkey --color n
expect always sortkey certify --color a
expect padded/order sortkey certify --property padded/o
expect padded sortkey certify --property padd
if complete_words sortkey encode epoch --unit "" | grep -qx -- --width; then
  echo "FAIL: --unit offers options, not its values"; fail=1
fi
if complete_words sortkey encode padded --wi | grep -qx -- --fail-fast; then
  echo "FAIL: encode padded offers certify's --fail-fast"; fail=1
fi
if command -v zsh >/dev/null; then
  "$sortkey" completions zsh | zsh -n || { echo "FAIL: zsh cannot parse its script"; fail=1; }
else
  "$sortkey" completions zsh | bash -n || { echo "FAIL: the zsh script is not shell"; fail=1; }
fi
# fish: commands, options and values, from the same definitions.
fish_script=$("$sortkey" completions fish) || { echo "completions fish failed"; exit 1; }
if command -v fish >/dev/null; then
  fish --no-execute <<<"$fish_script" || { echo "FAIL: fish cannot parse its script"; fail=1; }
  dir=$(dirname "$sortkey")
  # fish_complete WORDS: the candidates fish offers for the command line
  fish_complete() { PATH="$dir:$PATH" fish -c "$fish_script"$'\n'"complete -C '$1'" | cut -f1; }
  for case in "sortkey enc|encode" "sortkey encode pad|padded" "sortkey encode padded --wi|--width" \
              "sortkey encode epoch --unit |ns" "sortkey certify --property padded/o|padded/order" \
              "sortkey --color |never"; do
    line=${case%%|*} want=${case#*|}
    if fish_complete "$line" | grep -qx -- "$want"; then
      echo "ok: fish '$line' offers $want"
    else
      echo "FAIL: fish '$line' does not offer $want:"; fish_complete "$line"; fail=1
    fi
  done
else
  echo "FAIL: fish is not installed (ci/install_deps.sh installs it)"; fail=1
fi
"$sortkey" man >"$page" || { echo "man failed"; exit 1; }
rendered=$(nroff -man "$page" 2>&1 | col -b 2>/dev/null || nroff -man "$page")
for cmd in "sortkey encode padded" "sortkey certify" "sortkey ksuid inspect" "sortkey completions"; do
  if grep -q -- "$cmd" <<<"$rendered"; then echo "ok: man page has $cmd"; else echo "FAIL: man page lacks $cmd"; fail=1; fi
done
grep -q -- "--fail-fast" <<<"$rendered" || { echo "FAIL: man page lacks --fail-fast"; fail=1; }
for section in "EXIT STATUS" EXAMPLES ENVIRONMENT "SEE ALSO"; do
  grep -q "^$section" <<<"$rendered" || { echo "FAIL: man page lacks $section"; fail=1; }
done
grep -q "NO_COLOR" <<<"$rendered" || { echo "FAIL: man page's ENVIRONMENT lacks NO_COLOR"; fail=1; }
grep -q "sortkey encode padded --width 5 157" <<<"$rendered" || { echo "FAIL: man page lacks its first example"; fail=1; }
# A flag takes no value: no VALUE after it in the page, no file after it in fish;
# an option that takes one has both.
grep -q -- '^\\fB\\-\\-monotonic\\fR$' "$page" || { echo "FAIL: man page gives --monotonic a VALUE"; fail=1; }
grep -q -- '^\\fB\\-\\-time\\fR \\fIVALUE\\fR$' "$page" || { echo "FAIL: man page gives --time no VALUE"; fail=1; }
fish_lines=$("$sortkey" completions fish)
grep -qF -- "ksuid generate\\'' -l 'min' -d " <<<"$fish_lines" || { echo "FAIL: fish completes a file after the flag --min"; fail=1; }
grep -qF -- "ksuid generate\\'' -l 'time' -r -F -d " <<<"$fish_lines" || { echo "FAIL: fish completes nothing after --time"; fail=1; }
grep -q "JSON OUTPUT" <<<"$rendered" || { echo "FAIL: man page lacks JSON OUTPUT"; fail=1; }
if nroff -man -ww "$page" 2>&1 >/dev/null | grep -q .; then
  echo "FAIL: nroff warns:"; nroff -man -ww "$page" 2>&1 >/dev/null | head; fail=1
fi
exit $fail
