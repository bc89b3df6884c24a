// File: design/show.h
//
// `sortkey design show FILE --html OUT.html`, and the page `sortkey design
// check FILE --html OUT.html` writes after its check: the design's page
// (design/html_page.h). After a failed check the page draws each failing
// property's minimal population (design/observations.h), the wrong rows of a
// failing access pattern marked; after a passing one, a population drawn
// under the run's seed (design/sample.h) and every access pattern's reads of
// it.
//
// `design show` runs the check first (as `design check` does, quietly: the
// failures and the verdict line on stdout), so that a broken design is drawn
// with its failure. Exit status: 0 the page is written (whatever the
// verdict), 2 it is not (the design cannot be read, the check cannot run,
// the file cannot be written), the reason on stderr as "sortkey design show:
// <why>".

#ifndef SORTKEY_DESIGN_SHOW_H_
#define SORTKEY_DESIGN_SHOW_H_

#include <cstdint>
#include <string>

#include "certify/record.h"
#include "certify/run.h"
#include "design/design.h"
#include "design/observations.h"
#include "sortkey/error.h"

namespace sortkey::design {

struct ShowOptions {
  std::string path;
  std::string html;         // the page to write
  certify::RunOptions run;  // cases, seed, properties
};

int show_design_file(ShowOptions options);

// Writes the page of a check that has run. Errors: a file that cannot be
// written ("cannot write <path>: ..."), a drawing the model refuses.
Result<void> write_design_page(const Design& design, const Observations& seen,
                               const certify::Certification& cert, const std::string& html);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_SHOW_H_
