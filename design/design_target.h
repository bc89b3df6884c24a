// File: design/design_target.h
//
// A design as a certify::Target (certify/target.h): the design check runs in
// the certifier's run loop and reports through its writers, so `sortkey
// design check` prints the same table and writes the same JSON, JUnit and
// Markdown as `sortkey certify`. The catalog is design/design_catalog.h; the
// closing notes give the read cost of every pattern with a FilterExpression
// (the filtering guide's hit rate, on numbers) and the capacity alerts of the
// widths (examples/iot_newest_last.yaml).
//
// Example:
//
//   certify::TargetList targets;
//   auto seen = std::make_shared<Observations>(design->patterns.size());
//   targets.push_back(make_design_target(design, seen, in_memory_source()));
//   auto cert = certify::run_certification(targets, options);

#ifndef SORTKEY_DESIGN_DESIGN_TARGET_H_
#define SORTKEY_DESIGN_DESIGN_TARGET_H_

#include <memory>

#include "certify/target.h"
#include "design/design.h"
#include "design/observations.h"
#include "design/scope.h"
#include "design/store.h"

namespace sortkey::design {

// What the properties see is noted in `seen` (design/observations.h); their
// stores come from `stores` (design/store.h), whose fatal() ends the run
// (exit 2) and whose close() the run loop calls; `scope` bounds the small
// scope each property checks before sampling (design/scope.h).
// REQUIRES: seen->costs.size() == design->patterns.size().
std::unique_ptr<certify::Target> make_design_target(std::shared_ptr<const Design> design,
                                                    std::shared_ptr<Observations> seen,
                                                    std::shared_ptr<StoreSource> stores,
                                                    ScopeSettings scope = {});

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_DESIGN_TARGET_H_
