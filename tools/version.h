// File: tools/version.h
//
// The version and the commit the `sortkey` command was built from, for
// --version and for certificates. They are compiled into version.cc alone,
// so that a new commit rebuilds one object and a compiler cache shares every
// other between commits.

#ifndef SORTKEY_TOOLS_VERSION_H_
#define SORTKEY_TOOLS_VERSION_H_

namespace sortkey::cli {

// "0.1.0": the project's version (CMakeLists.txt).
const char* version();
// The 40-digit commit, or "" outside a git checkout (tools/CMakeLists.txt).
const char* commit();

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_VERSION_H_
