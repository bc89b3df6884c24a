// File: design/check.h
//
// `sortkey design check FILE`: reads a design file, proves its properties
// (design/design_catalog.h) over generated populations in the in-memory
// model, or with --endpoint on a live table (design/endpoint_store.h),
// prints the certifier's table and verdict, and writes the reports asked for
// (certify/report.h).
//
// Exit status, as for `sortkey certify`: 0 every property holds, 1 one
// failed, 2 the check could not run (the file unreadable or not a valid
// design, nothing selected, a report that cannot be written, an endpoint
// that cannot be used or went away during the check); the reason is
// printed on stderr as "sortkey design check: <why>", naming the file, line
// and column of a bad design.

#ifndef SORTKEY_DESIGN_CHECK_H_
#define SORTKEY_DESIGN_CHECK_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "certify/report.h"
#include "certify/run.h"
#include "design/design.h"
#include "design/endpoint_store.h"
#include "design/observations.h"
#include "design/scope.h"
#include "sortkey/error.h"

namespace sortkey::design {

struct CheckOptions {
  std::string path;
  certify::RunOptions run;  // cases, seed, properties, progress, versions
  certify::ReportPaths reports;
  bool list = false;  // list the properties and exit
  std::string html;   // "" or the page to write after the check (design/show.h)
  // --endpoint: the check on a live table (design/endpoint_store.h); none:
  // the in-memory model.
  std::optional<EndpointStoreOptions> endpoint;
  // --scope K: every population of up to K entities, however many, before
  // sampling; none: up to kDefaultScope (then more while a budget lasts) on
  // the in-memory model, and no scope on an endpoint (its cases are requests
  // that cost).
  std::optional<int> scope;
};

// The small scope `options` asks for (design/scope.h).
ScopeSettings scope_settings(const CheckOptions& options);

// The design in `path`: a regular file of at most kMaxDocumentBytes, or
// standard input for "-".
// Errors: "cannot read <path>: <why>" and load_design_text's.
Result<std::shared_ptr<const Design>> read_design_file(const std::string& path);

// A check that has run: the design, what its properties saw, the record.
struct CheckedDesign {
  std::shared_ptr<const Design> design;
  std::shared_ptr<Observations> seen;
  certify::Certification cert;
};

// Where a check's stores come from, once its design is read.
using StoreSourceMaker = std::function<Result<std::shared_ptr<StoreSource>>(const Design&)>;

// Reads the design in `path` and runs its check with `run` (its command set
// to "sortkey design check", for the replay lines) on the stores `stores`
// makes (the in-memory model when none). Errors: read_design_file's, the
// maker's; a run that stopped is returned with cert.stopped set.
Result<CheckedDesign> run_design_check(const std::string& path, certify::RunOptions run,
                                       const StoreSourceMaker& stores = {},
                                       ScopeSettings scope = {});

// Runs the check; returns the exit status.
int check_design_file(CheckOptions options);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_CHECK_H_
