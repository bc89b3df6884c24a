#include "design/show.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "certify/report.h"
#include "design/check.h"
#include "design/drawing.h"
#include "design/html_page.h"
#include "design/sample.h"

namespace sortkey::design {
namespace {

int could_not_show(const std::string& why) {
  fmt::print(stderr, "sortkey design show: {}\n", why);
  return 2;
}

std::string verdict_line(const certify::Certification& c) {
  if (c.certified()) {
    return fmt::format("CERTIFIED: {}: {} passed (seed {})", c.target, c.tally(false), c.seed);
  }
  return fmt::format("NOT CERTIFIED: {}: {} failed (seed {})", c.target, c.tally(true), c.seed);
}

// A failing property drawn: its minimal population, when it has one.
PageFailure draw_failure(const Design& d, const certify::CertifiedProperty& p,
                         const Observations& seen) {
  PageFailure out;
  out.property = p.run.id;
  out.message = p.run.message;
  const FailingCase* f = seen.failure(p.run.id);
  if (f == nullptr) return out;
  out.message = f->message;
  out.population = f->population;
  if (auto table = draw_table(d, out.population)) out.table = std::move(*table);
  if (auto indexes = draw_indexes(d, out.population)) out.indexes = std::move(*indexes);
  if (f->pattern != nullptr) {
    auto pd = draw_pattern(d, *f->pattern, out.population, f->params, f->page_limit, true);
    if (pd) out.pattern = std::move(*pd);
  }
  return out;
}

// Whether the check failed the pattern's own property (pattern/NAME).
bool pattern_failed(const DesignPage& page, const Pattern& p) {
  return std::any_of(page.results.begin(), page.results.end(), [&p](const auto& result) {
    return result.first == "pattern/" + p.name && result.second != "passed";
  });
}

Result<void> draw_sample(const Design& d, std::uint64_t seed, DesignPage& page) {
  Sample sample = choose_sample(d, seed);
  page.population = std::move(sample.population);
  auto table = draw_table(d, page.population);
  if (!table) return table.error();
  page.table = std::move(*table);
  auto indexes = draw_indexes(d, page.population);
  if (!indexes) return indexes.error();
  page.indexes = std::move(*indexes);
  for (std::size_t i = 0; i < d.patterns.size(); ++i) {
    const PatternSample& s = sample.patterns[i];
    auto pd = draw_pattern(d, d.patterns[i], page.population, s.params, s.page_limit,
                           pattern_failed(page, d.patterns[i]));
    if (!pd) return pd.error();
    page.patterns.push_back(std::move(*pd));
  }
  page.writes = draw_writes(d, page.population);
  page.note = fmt::format(
      "A population drawn by the check's generators (seed {}), the one of {} draws that shows "
      "the most; each access pattern with parameters drawn the same way, its Limit a third of "
      "its range when it has none of its own.",
      seed, kSampleDraws);
  return {};
}

}  // namespace

Result<void> write_design_page(const Design& design, const Observations& seen,
                               const certify::Certification& cert, const std::string& html) {
  DesignPage page;
  page.design = &design;
  page.verdict = verdict_line(cert);
  page.certified = cert.certified();
  for (const certify::CertifiedProperty& p : cert.properties) {
    const bool passed = p.run.verdict == props::Verdict::kPassed;
    page.results.emplace_back(p.run.id, passed ? "passed" : props::to_string(p.run.verdict));
    if (!passed) page.failures.push_back(draw_failure(design, p, seen));
  }
  if (auto drawn = draw_sample(design, cert.seed, page); !drawn) {
    return make_error(drawn.error().code, 0, "cannot draw the design: " + drawn.error().message);
  }
  return certify::write_file(html, render_page(page));
}

int show_design_file(ShowOptions options) {
  std::cerr.rdbuf(nullptr);  // RapidCheck's words: the check prints its own
  options.run.quiet = true;
  options.run.no_progress = true;
  auto checked = run_design_check(options.path, options.run);
  if (!checked) return could_not_show(checked.error().message);
  if (!checked->cert.stopped.empty()) return could_not_show(checked->cert.stopped);
  if (auto page = write_design_page(*checked->design, *checked->seen, checked->cert, options.html);
      !page) {
    return could_not_show(page.error().message);
  }
  fmt::print("sortkey design show: wrote {}\n", options.html);
  return 0;
}

}  // namespace sortkey::design
