// File: certify/record.h
//
// The record of one certification: which suite certified what, with which
// seed and cases, on which corpus, and every property's result with the
// words that explain it. report.h prints it four ways; every target
// (target.h) hands its results over as CertifiedProperty.

#ifndef SORTKEY_CERTIFY_RECORD_H_
#define SORTKEY_CERTIFY_RECORD_H_

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "properties/runner.h"

namespace sortkey::certify {

// One property's result with the words that explain it.
struct CertifiedProperty {
  CertifiedProperty() = default;
  CertifiedProperty(props::RunReport r, std::string family, std::string what,
                    std::string group_name = {})
      : run(std::move(r)),
        codec(std::move(family)),
        statement(std::move(what)),
        group(std::move(group_name)) {}

  props::RunReport run;
  std::string codec;      // the family, "padded"; "fuzz" for campaign results
  std::string statement;  // what the property asserts
  // "" for a catalog property; for a result a target adds after the catalogs
  // (Target::run_extra), what such results are called, plural: "snapshot checks".
  std::string group;
  std::string note;  // what a person should know about how it ran ("" for nothing)
  // The run could not explore it (an endpoint property whose share of the
  // budget ended before enough cases ran): not a failure of what is
  // certified, and no pass either; its verdict is then kGaveUp, its message
  // why, and the run could not be completed (exit 2).
  bool not_explored = false;
  // The distinct divergences an endpoint property met, each once:
  // {"id", "signature", "count", "known", "first_property", "detail",
  //  "reproduction"} (certify/endpoint/divergences.h); empty for others.
  nlohmann::json divergences = nlohmann::json::array();
  // The writes of unknown outcome an endpoint property met and how each was
  // settled (certify/endpoint/unknown_outcome.h): {"count", "settled":
  // {"applied": n, ...}, "writes": [...]}; null when there were none.
  nlohmann::json unknown_outcomes;
  // Where the input the property checks was written, {"file", "line"} (a
  // design's pattern or key template), for annotating that line; null when
  // the target has no such place.
  nlohmann::json source;
};

struct Certification {
  std::string suite_version;  // "0.1.0"
  std::string source_commit;  // the git commit the suite was built from; "" when not known
  std::string target_kind;    // "built-in", "adapter", "endpoint"
  std::string target;         // what was certified, e.g. "sortkey built-in codecs"
  std::uint64_t seed = 0;
  int cases = 0;  // cases asked for per property
  double seconds = 0;
  std::string corpus;       // the corpus directory hashed, or "" when none
  std::string corpus_hash;  // corpus_digest(corpus), or "" when none
  std::string started_at;   // UTC, RFC 3339
  std::vector<CertifiedProperty> properties;

  // Why the run could not be completed (exit 2); "" when it ran to its end.
  std::string stopped;
  // The chosen properties left unrun because --fail-fast stopped at a failure.
  std::size_t not_run = 0;
  // What the failure store did (certify/failure_replay.h FailureStore::record());
  // null without --failures.
  nlohmann::json failure_store;
  // What the target says of its run besides the properties (an endpoint's
  // requests, throttling and budget: Target::details); null when nothing.
  nlohmann::json details;

  // Properties whose verdict is not kPassed, those not explored left out.
  std::size_t failed() const;
  std::size_t not_explored() const;
  // "62 of 62 properties and 9 of 9 snapshot checks": per group (catalog
  // properties first), the passed (or, with `failures`, the failed) results
  // of the group's total. The header and the verdict count alike.
  std::string tally(bool failures) const;
  bool certified() const {
    return stopped.empty() && !properties.empty() && failed() == 0 && not_explored() == 0;
  }
};

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_RECORD_H_
