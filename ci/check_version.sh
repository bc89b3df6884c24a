#!/usr/bin/env bash
# The version is written once, in project() of CMakeLists.txt; everything that
# shows one must show that one:
#   - `sortkey --version` ("sortkey <version> (commit <HEAD>)" in a checkout);
#   - the certificate's suite_version;
#   - CPack's package version (CPackConfig.cmake), which names the .deb and .tar.gz;
#   - the top release entry of CHANGELOG.md ("## [<version>] - YYYY-MM-DD").
#
#   ci/check_version.sh SORTKEY CPACK_CONFIG [CHANGELOG]   default CHANGELOG.md
#
# Exit status 0 when they agree; 1 naming each one that does not.
set -euo pipefail
cd "$(dirname "$0")/.."
sortkey=${1:?usage: ci/check_version.sh SORTKEY CPACK_CONFIG [CHANGELOG]}
cpack_config=${2:?usage: ci/check_version.sh SORTKEY CPACK_CONFIG [CHANGELOG]}
changelog=${3:-CHANGELOG.md}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/sortkey-version.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

version=$(sed -n 's/^project(sortkey VERSION \([0-9][0-9.]*\) .*/\1/p' CMakeLists.txt)
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] ||
  { echo "ci/check_version.sh: CMakeLists.txt's project() has no VERSION X.Y.Z (found '$version')" >&2; exit 1; }

problems=()
commit=$(git rev-parse HEAD 2>/dev/null || true)
want="sortkey $version${commit:+ (commit $commit)}"
got=$("$sortkey" --version)
[ "$got" = "$want" ] || problems+=("sortkey --version prints '$got', expected '$want'")

"$sortkey" certify --cases 5 --property padded/order --no-progress --json "$scratch/cert.json" >/dev/null
got=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["suite_version"])' "$scratch/cert.json")
[ "$got" = "$version" ] || problems+=("the certificate's suite_version is '$got'")

got=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$cpack_config")
[ "$got" = "$version" ] || problems+=("$cpack_config packages version '$got'")

top=$(grep -E '^## \[' "$changelog" | grep -v -i '^## \[unreleased\]' | head -n 1 || true)
if [[ ! "$top" =~ ^\#\#\ \[([^]]+)\]\ -\ [0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
  problems+=("$changelog's top release entry '$top' is not '## [$version] - YYYY-MM-DD'")
elif [ "${BASH_REMATCH[1]}" != "$version" ]; then
  problems+=("$changelog's top release entry is ${BASH_REMATCH[1]}")
fi

if [ ${#problems[@]} -gt 0 ]; then
  printf 'ci/check_version.sh: the version is %s (CMakeLists.txt), but %s\n' "$version" "${problems[@]}" >&2
  exit 1
fi
echo "ci/check_version.sh: $version in CMakeLists.txt, sortkey --version, the certificate, CPack and $changelog"
