// File: design/check.h
//
// `sortkey design check FILE`: reads a design file, proves its properties
// (design/design_catalog.h) over generated populations in the in-memory
// model, prints the certifier's table and verdict, and writes the reports
// asked for (certify/report.h).
//
// Exit status, as for `sortkey certify`: 0 every property holds, 1 one
// failed, 2 the check could not run (the file unreadable or not a valid
// design, nothing selected, a report that cannot be written); the reason is
// printed on stderr as "sortkey design check: <why>", naming the file, line
// and column of a bad design.

#ifndef SORTKEY_DESIGN_CHECK_H_
#define SORTKEY_DESIGN_CHECK_H_

#include <memory>
#include <string>

#include "certify/report.h"
#include "certify/run.h"
#include "design/design.h"
#include "sortkey/error.h"

namespace sortkey::design {

struct CheckOptions {
  std::string path;
  certify::RunOptions run;  // cases, seed, properties, progress, versions
  certify::ReportPaths reports;
  bool list = false;  // list the properties and exit
};

// The design in `path`: a regular file of at most kMaxDocumentBytes.
// Errors: "cannot read <path>: <why>" and load_design_text's.
Result<std::shared_ptr<const Design>> read_design_file(const std::string& path);

// Runs the check; returns the exit status.
int check_design_file(CheckOptions options);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_CHECK_H_
