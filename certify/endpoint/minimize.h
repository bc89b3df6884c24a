// File: certify/endpoint/minimize.h
//
// The minimal reproduction of a divergence: its case (the table, the items
// written, the request checked) replayed against the endpoint in smaller and
// smaller versions, each kept only while it still gives a divergence of the
// same signature (attribution.h). In order: the filter cut to the subtree
// attribution blamed, items dropped (halves, then quarters, ... then one by
// one), the request made plainer (the
// filter cut to one of its subtrees, no Limit, no Select COUNT, forward, no
// sort-key condition), indexes the request does not read dropped, attributes dropped, then values
// shortened (text by code points, binary by bytes, lists, maps and sets by elements). Greedy: the
// result is a case none of whose single steps still diverges, unless the budget ran out first.
//
// Candidates run on a table of the case's schema kept for them, emptied
// before each; the case's own table is not touched.

#ifndef SORTKEY_CERTIFY_ENDPOINT_MINIMIZE_H_
#define SORTKEY_CERTIFY_ENDPOINT_MINIMIZE_H_

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "certify/endpoint/attribution.h"
#include "certify/endpoint/divergences.h"
#include "certify/endpoint/workload.h"

namespace sortkey::certify::endpoint {

// A case the workload can run again. A write case has no query, scan, step
// or invalid request: its last item is the write that diverged.
struct Case {
  oracle::NSchema schema;
  std::vector<oracle::NItem> items;
  std::optional<props::QuerySpec> query;
  bool large = false;  // the query is checked as one of a partition over 1 MB
  std::optional<props::ScanSpec> scan;
  std::optional<props::WriteStep> step;          // one step of a write script, or
  std::optional<props::PlantedRequest> invalid;  // a request DynamoDB refuses, or
  std::optional<ExpressionWrite> write;          // a write with expressions
  // A transaction or BatchGetItem over one or two tables: not replayed here
  // (its case is not one table's); Workload::check_transaction narrows it.
  bool transaction = false;
  // The filter subtree attribution blamed (attribution.h): tried first.
  std::optional<Hint> hint;

  // Items and attributes, to keep the smaller of two cases.
  std::size_t weight() const;
};

// The case a divergence met in `context` came from.
Case case_of(const CheckContext& context);

struct MinimizeBudget {
  int candidates = 150;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct Minimized {
  Divergence divergence;  // from the smallest case that still diverged
  Case smallest;
  int tried = 0;     // candidates replayed
  bool cut = false;  // the budget ran out before every step was tried
};

class Minimizer {
 public:
  using CandidateTable = std::function<std::string(const oracle::NSchema&)>;
  Minimizer(Workload& workload, Attribution& attribution, CandidateTable table)
      : w_(workload), attribution_(attribution), table_(std::move(table)) {}

  // The smallest version of `c` found that still diverges with signature
  // `s` and is explained by the same unsettled rules as `found` (none for a
  // plain divergence: a candidate an unsettled rule would explain is another
  // finding, never the smaller case of this one). `found` is the divergence
  // `c` gave. Throws TransportError.
  Minimized minimize(const Case& c, const Signature& s, const Divergence& found,
                     const MinimizeBudget& budget);
  // Runs `c` on the candidate table: its first divergence of signature `s`
  // whose unsettled rules are `unsettled`.
  std::optional<Divergence> run(const Case& c, const Signature& s,
                                const std::vector<std::string>& unsettled);

 private:
  Workload& w_;
  Attribution& attribution_;
  CandidateTable table_;
};

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_MINIMIZE_H_
