// File: certify/endpoint/session_internal.h
//
// The endpoint session's state (EndpointSession::Impl), private to the two
// files that hold it: session.cc (the session: its lanes, budget, the
// divergences met and counted, judging, summary, close and the signals)
// and endpoint_catalog.cc (the properties, whose cases the session runs).
// Nothing outside certify/endpoint/ includes it.
//
// Promises: a case runs through run_case only, so that the budget, the
// fatal error and the endpoint gone for good are heeded the same way by
// every property; the divergences a case met are counted in the order its
// case was drawn (connections.h), whatever lane ran it.

#ifndef SORTKEY_CERTIFY_ENDPOINT_SESSION_INTERNAL_H_
#define SORTKEY_CERTIFY_ENDPOINT_SESSION_INTERNAL_H_

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "certify/endpoint/budget.h"
#include "certify/endpoint/connections.h"
#include "certify/endpoint/divergences.h"
#include "certify/endpoint/endpoint_catalog.h"
#include "certify/endpoint/minimize.h"
#include "certify/endpoint/workload.h"
#include "dynamodb/client.h"
#include "dynamodb/credentials.h"
#include "properties/catalog.h"

namespace sortkey::certify::endpoint {

// The failure with which endpoint/known_divergences stops RapidCheck once its
// verdict is known (every later case would only repeat it); judge takes it back.
inline constexpr const char* kKnownReplayed = "the known divergences were replayed";

struct EndpointSession::Impl {
  using Clock = std::chrono::steady_clock;

  EndpointOptions options;  // with the URL resolved
  std::string url_source;   // where the URL came from (aws_config.h)
  dynamodb::Credentials credentials;
  KnownDivergences known;
  // One per connection (connections.h); lane 0 alone probes, minimizes,
  // replays the known divergences and is the only one without cases running.
  std::vector<std::unique_ptr<Lane>> lanes;
  std::unique_ptr<CasePool> pool;
  dynamodb::DynamoDbClient* client = nullptr;  // lane 0's
  Workload* workload = nullptr;                // lane 0's
  std::unique_ptr<Minimizer> minimizer;
  props::Catalog catalog;
  std::optional<std::string> fatal;
  // Why the endpoint stopped answering for good after a request it gave no
  // answer to (Workload::gone): the run stops exploring, is judged on what
  // it ran, and then could not be completed.
  std::optional<std::string> stopped;
  std::optional<std::string> cleanup_failed;  // close() could not delete every table
  std::set<std::string> fatal_reported;       // properties that failed with the fatal error
  std::map<std::string, int> known_hits;
  std::set<std::string> properties_run;
  std::optional<std::string> known_verdict;  // cached result of endpoint/known_divergences
  // The replay of the known entries (replay_known): its failures once done,
  // how many entries it replayed of how many, and whether the budget cut it.
  std::optional<std::string> known_replayed;
  int known_total = 0;
  int known_done = 0;
  bool known_cut = false;
  bool known_checked = false;  // its first case ran
  bool known_stopped = false;  // its second stopped RapidCheck (kKnownReplayed)
  // The properties the budget left unexplored, with why (judge).
  std::vector<std::string> not_explored;
  bool closed = false;
  std::vector<std::string> drawn_tags;  // the RC_TAGs of the case being drawn
  // Per property: the distribution's entries of the cases that met
  // divergences, as RapidCheck counted them (the tags of their drawing) and
  // with the divergences' tags after them, as one connection tags them.
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> retagged;

  // The budget (budget.h): exploring and minimizing, each property's share.
  Clock::time_point opened = Clock::now();
  RunBudget budget;
  std::vector<std::string> planned;  // exploring properties that will run
  std::set<std::string> judged;      // those judged so far
  bool known_planned = false;        // endpoint/known_divergences will run
  struct Exploration {
    bool started = false;
    Clock::time_point explore_until;
    int cases = 0;
    int cut = 0;  // cases the end of its share cut short (not counted in `cases`)
    bool budget_spent = false;
    bool stop_raised = false;    // run_case made RapidCheck stop drawing
    bool endpoint_gone = false;  // cases were left: the endpoint stopped answering
  };
  std::map<std::string, Exploration> exploration;

  // Every distinct divergence met, in the order first met.
  struct Found {
    Divergence divergence;  // the smallest case's; minimized once judged
    Case smallest;
    std::string first_property;
    std::map<std::string, int> count_by_property;
    int count = 0;
    const KnownDivergence* known = nullptr;
    // The unsettled rules that explain it (Divergence::unsettled): reported,
    // never judged, never matched against a known entry nor minimized.
    std::vector<std::string> unsettled;
    bool minimized = false;
    int tried = 0;
    bool cut = false;
  };
  std::vector<Found> found;
  // By signature and the unsettled rules that explain it: one cause met as
  // explained by a rule and as not is two.
  std::map<std::pair<Signature, std::vector<std::string>>, std::size_t> found_index;
  // Per property: the writes of unknown outcome its cases settled, in the
  // order drawn (unknown_outcome.h).
  std::map<std::string, std::vector<nlohmann::json>> unknown_outcomes;

  void set_fatal(const dynamodb::TransportError& e, const std::string& property);
  // answer.h checks every member read: this is a member it does not know.
  void set_fatal(const nlohmann::json::exception& e, const std::string& property);

  // A divergence met, counted: the first of its signature kept, with its
  // case, the smallest seen after it. Returns its tag.
  std::string count(Observed& o);
  // The logs of the cases ended, in the order drawn: their divergences
  // counted, and how each ended.
  void take_done();
  // How a case ended: the endpoint gone for good, or a run that cannot go on.
  void ended(const CaseLog& log);
  // Why the endpoint stopped answering, as a lane found, once none is busy.
  std::string lane_gone();
  // "(untagged)" or the tags joined, as the runner names a distribution entry.
  static std::string join_tags(const std::vector<std::string>& tags);
  // The RC_TAG of a case being drawn, kept for its log.
  void tag(const std::string& text);
  // The share of the budget of a property, fixed when its first case runs.
  Exploration& exploring(const std::string& property);

  // One case of a property, unless its share of the budget is spent:
  // `draw` draws it (here, under RapidCheck) and returns its requests, which
  // a lane runs (connections.h). The cases ended so far are counted first,
  // and a run that cannot go on fails this case.
  void run_case(const std::string& property, const std::function<CasePool::Body()>& draw);
  // After a fatal error each property fails its next case, so that
  // RapidCheck stops generating, and every later case passes before drawing
  // anything, so that shrinking ends at once; certify then exits 2.
  void stop_if_fatal(const std::string& property);
  // Every case of `property` ended and counted, and its distribution as one
  // connection tags it.
  void finish_cases(const std::string& property, std::map<std::string, int>& distribution);

  // Replays every known entry that has a reproduction once, before the
  // exploring (its cost then known to the shares) and within the budget;
  // sets known_replayed to the failure text ("" when all hold). Throws
  // TransportError but kOverBudget, which cuts it (known_cut).
  void replay_known();
  // What exploring leaves for the known divergences' replay, which comes
  // last: its entries times a replay's requests at the pace so far; zero
  // once replayed or when not planned.
  RunBudget::Clock::duration replay_reserve();
  // The sum of every lane's client stats; REQUIRES: no case running.
  dynamodb::ClientStats stats() const;
  // What the endpoint did, for a property the budget left unexplored: its
  // requests, their pace, the throttling and the rate limiter.
  std::string endpoint_pace();
  // The known replay (replay_known, if not done), then the entries without
  // a reproduction judged by the run; the failure text, or "" when all hold.
  // An entry of a request the endpoint gave no answer to is replayed with a
  // short timeout when it timed out, and not at all when the connection was
  // lost with it: that replay would bring the endpoint down for the rest of
  // the run (an endpoint fixed since is then not noticed).
  std::string check_known();
  // Minimizes each new divergence `property` found first, in its part of
  // the minimizing share (RunBudget::minimize_until, with `waiting`
  // properties still to be judged, this one included), each an equal part
  // of it; the client's deadline is the end of that part meanwhile.
  void minimize_found_by(const std::string& property, std::size_t waiting);
};

// Adds the endpoint's properties (endpoint_catalog.cc) to `s.catalog`, each
// running its cases through `s`, which must outlive the catalog.
void add_endpoint_properties(EndpointSession::Impl& s);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_SESSION_INTERNAL_H_
