#!/usr/bin/env bash
# check_shell_help.sh SORTKEY
# The completions and the manual page come from the command line's own
# definitions: bash completes commands and options at every depth, zsh
# parses the same script, and nroff renders a page naming every command.
set -u
sortkey=$1
fail=0
script=$(mktemp) page=$(mktemp)
trap 'rm -f "$script" "$page"' EXIT
"$sortkey" completions bash >"$script" || { echo "completions bash failed"; exit 1; }
# complete WORDS... -> the candidates bash offers for the last word
complete_words() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sortkey; printf "%s\n" "${COMPREPLY[@]}"' _ "$script" "$@"
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
if complete_words sortkey encode padded --wi | grep -qx -- --fail-fast; then
  echo "FAIL: encode padded offers certify's --fail-fast"; fail=1
fi
if command -v zsh >/dev/null; then
  "$sortkey" completions zsh | zsh -n || { echo "FAIL: zsh cannot parse its script"; fail=1; }
else
  "$sortkey" completions zsh | bash -n || { echo "FAIL: the zsh script is not shell"; fail=1; }
fi
"$sortkey" man >"$page" || { echo "man failed"; exit 1; }
rendered=$(nroff -man "$page" 2>&1 | col -b 2>/dev/null || nroff -man "$page")
for cmd in "sortkey encode padded" "sortkey certify" "sortkey ksuid inspect" "sortkey completions"; do
  if grep -q -- "$cmd" <<<"$rendered"; then echo "ok: man page has $cmd"; else echo "FAIL: man page lacks $cmd"; fail=1; fi
done
grep -q -- "--fail-fast" <<<"$rendered" || { echo "FAIL: man page lacks --fail-fast"; fail=1; }
grep -q "EXIT STATUS" <<<"$rendered" || { echo "FAIL: man page lacks EXIT STATUS"; fail=1; }
if nroff -man -ww "$page" 2>&1 >/dev/null | grep -q .; then
  echo "FAIL: nroff warns:"; nroff -man -ww "$page" 2>&1 >/dev/null | head; fail=1
fi
exit $fail
