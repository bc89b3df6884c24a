#include "design/check.h"

#include <fmt/format.h>

#include <iostream>

#include "certify/internal/json_input.h"
#include "design/design_target.h"
#include "design/document.h"
#include "design/load.h"

namespace sortkey::design {
namespace {

int could_not_run(const std::string& why) {
  fmt::print(stderr, "sortkey design check: {}\n", why);
  return 2;
}

}  // namespace

Result<std::shared_ptr<const Design>> read_design_file(const std::string& path) {
  auto text = certify::internal::read_file_within(path, kMaxDocumentBytes);
  if (!text) return make_error(text.error().code, 0, "cannot read " + text.error().message);
  auto design = load_design_text(*text, path);
  if (!design) return design.error();
  return std::shared_ptr<const Design>(std::make_shared<Design>(std::move(*design)));
}

int check_design_file(CheckOptions options) {
  // RapidCheck's own words go to std::cerr; the check says all of it itself.
  std::cerr.rdbuf(nullptr);
  auto design = read_design_file(options.path);
  if (!design) return could_not_run(design.error().message);
  certify::TargetList targets;
  targets.push_back(make_design_target(*design));
  if (options.list) {
    auto chosen = certify::choose_properties(targets, options.run.properties);
    if (!chosen) return could_not_run(chosen.error().message);
    for (const auto& c : *chosen) fmt::print("{:<40} {}\n", c.entry->id(), c.entry->statement);
    return 0;
  }
  options.run.command = "sortkey design check";
  const certify::Certification cert = certify::run_certification(targets, options.run);
  if (!cert.stopped.empty()) fmt::print(stderr, "sortkey design check: {}\n", cert.stopped);
  if (auto written = certify::write_reports(options.reports, cert); !written) {
    return could_not_run(written.error().message);
  }
  if (!cert.stopped.empty()) return 2;
  return cert.certified() ? 0 : 1;
}

}  // namespace sortkey::design
