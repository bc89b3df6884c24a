# Sourced by the build scripts (ci/test.sh, ci/codec_only_build.sh, ...):
# compile through ccache when it is there (ci/install_deps.sh installs it).
# The cache lives under the user's cache folder (ccache's default,
# ~/.cache/ccache), and two clones of one commit share it: paths under the
# repository are hashed relative to it (base_dir), the build folder is not
# hashed, and the few objects that name the checkout or the commit are
# compiled alone (src/testing/source_dir.cc, tools/version.cc).
# CMake reads CMAKE_CXX_COMPILER_LAUNCHER when it first configures a build.
# SORTKEY_CCACHE=0 compiles without the cache.
if [ "${SORTKEY_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null 2>&1; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(pwd -P)}
  export CCACHE_NOHASHDIR=1
  export CCACHE_SLOPPINESS=${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}
  export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
fi
