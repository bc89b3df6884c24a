#include "design/check.h"

#include <fmt/format.h>

#include <iostream>

#include "design/design_target.h"
#include "design/document.h"
#include "design/load.h"
#include "design/show.h"
#include "properties/runner.h"
#include "support/json_input.h"

namespace sortkey::design {
namespace {

int could_not_run(const std::string& why) {
  fmt::print(stderr, "sortkey design check: {}\n", why);
  return 2;
}

int list_properties(const CheckOptions& options) {
  auto design = read_design_file(options.path);
  if (!design) return could_not_run(design.error().message);
  certify::TargetList targets;
  targets.push_back(make_design_target(
      *design, std::make_shared<Observations>((*design)->patterns.size()), in_memory_source()));
  auto chosen = certify::choose_properties(targets, options.run.properties);
  if (!chosen) return could_not_run(chosen.error().message);
  for (const auto& c : *chosen) fmt::print("{:<40} {}\n", c.entry->id(), c.entry->statement);
  return 0;
}

}  // namespace

Result<std::shared_ptr<const Design>> read_design_file(const std::string& path) {
  auto text = support::read_input_within(path, kMaxDocumentBytes);
  if (!text) return make_error(text.error().code, 0, "cannot read " + text.error().message);
  auto design = load_design_text(*text, path == "-" ? "standard input" : path);
  if (!design) return design.error();
  return std::shared_ptr<const Design>(std::make_shared<Design>(std::move(*design)));
}

ScopeSettings scope_settings(const CheckOptions& options) {
  ScopeSettings s;
  if (options.scope) {
    s.k = *options.scope;
    s.grow = false;
    s.budget = 0;
  } else if (options.endpoint) {
    s.k = 0;
  }
  return s;
}

Result<CheckedDesign> run_design_check(const std::string& path, certify::RunOptions run,
                                       const StoreSourceMaker& stores, ScopeSettings scope) {
  auto design = read_design_file(path);
  if (!design) return design.error();
  auto source = stores ? stores(**design) : in_memory_source();
  if (!source) return source.error();
  CheckedDesign out{*design, std::make_shared<Observations>((*design)->patterns.size()), {}};
  certify::TargetList targets;
  targets.push_back(make_design_target(out.design, out.seen, std::move(*source), scope));
  run.command = "sortkey design check";
  out.cert = certify::run_certification(targets, run);
  return out;
}

int check_design_file(CheckOptions options) {
  // RapidCheck's own words go to std::cerr; the check says all of it itself.
  std::cerr.rdbuf(nullptr);
  if (options.list) return list_properties(options);
  if (const std::string bad = props::check_rc_params(); !bad.empty()) return could_not_run(bad);
  // A report that cannot be written is found before the run, not after it.
  if (auto ok = certify::check_report_paths(options.reports); !ok) {
    return could_not_run(ok.error().message);
  }
  StoreSourceMaker stores;
  if (options.endpoint) {
    stores = [&options](const Design& d) {
      return open_endpoint_source(d, *options.endpoint, dynamodb::process_environment());
    };
  }
  auto checked = run_design_check(options.path, options.run, stores, scope_settings(options));
  if (!checked) return could_not_run(checked.error().message);
  const certify::Certification& cert = checked->cert;
  if (!cert.stopped.empty()) fmt::print(stderr, "sortkey design check: {}\n", cert.stopped);
  if (auto written = certify::write_reports(options.reports, cert); !written) {
    return could_not_run(written.error().message);
  }
  if (!cert.stopped.empty()) return 2;
  if (!options.html.empty()) {
    if (auto page = write_design_page(*checked->design, *checked->seen, cert, options.html);
        !page) {
      return could_not_run(page.error().message);
    }
  }
  return cert.certified() ? 0 : 1;
}

}  // namespace sortkey::design
