#!/usr/bin/env bash
# Fails on any C++ line that .clang-format would change, naming the files.
# With --fix, formats them in place instead. The files are checked in
# batches, one per core; the files of a batch that fails are named one by one.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t files < <(git ls-files '*.cc' '*.h')
if [ "${1:-}" = "--fix" ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -P "$(nproc)" -n 40 clang-format -i
  exit 0
fi
if printf '%s\0' "${files[@]}" | xargs -0 -P "$(nproc)" -n 40 clang-format --dry-run -Werror >/dev/null 2>&1; then
  echo "ci/format.sh: ${#files[@]} files formatted"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -eq 0 ]; then
  echo "ci/format.sh: clang-format failed on a batch of files, and on none alone" >&2
  exit 1
fi
echo "ci/format.sh: ${#bad[@]} file(s) not formatted by .clang-format (bash ci/format.sh --fix):" >&2
printf '  %s\n' "${bad[@]}" >&2
exit 1
