// File: design/design_target.h
//
// A design as a certify::Target (certify/target.h): the design check runs in
// the certifier's run loop and reports through its writers, so `sortkey
// design check` prints the same table and writes the same JSON, JUnit and
// Markdown as `sortkey certify`. The catalog is design/design_catalog.h; the
// closing notes give the read cost of every pattern with a FilterExpression
// (seed 003's hit rate, on numbers) and the capacity alerts of the widths
// (seed 002).
//
// Example:
//
//   certify::TargetList targets;
//   targets.push_back(make_design_target(design));
//   auto cert = certify::run_certification(targets, options);

#ifndef SORTKEY_DESIGN_DESIGN_TARGET_H_
#define SORTKEY_DESIGN_DESIGN_TARGET_H_

#include <memory>

#include "certify/target.h"
#include "design/design.h"

namespace sortkey::design {

std::unique_ptr<certify::Target> make_design_target(std::shared_ptr<const Design> design);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_DESIGN_TARGET_H_
