// File: support/files.h (not installed: what several rooms share)
//
// The one way sortkey writes a user's file (a certificate, a report, a
// known-divergences file, a snapshot, a page): to a temporary file beside it,
// flushed to the disk, then renamed over it. A full disk, a quota, a signal
// or a crash leaves the file as it was or as it is meant to be, never half
// written; the temporary file is removed on every failure.
//
// Example:
//   if (auto ok = write_file_atomically("cert.json", text); !ok) {
//     // "cannot write cert.json: No space left on device"; cert.json unchanged
//   }

#ifndef SORTKEY_SUPPORT_FILES_H_
#define SORTKEY_SUPPORT_FILES_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::support {

// Replaces the file at `path` with `text`, or leaves it untouched. A new file
// gets the mode the umask gives (0666 & ~umask), a file replaced keeps its
// mode. Errors (kUnavailable): "cannot write <path>: <the system's reason>".
Result<void> write_file_atomically(const std::string& path, std::string_view text);

}  // namespace sortkey::support

#endif  // SORTKEY_SUPPORT_FILES_H_
