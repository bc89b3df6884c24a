// File: certify/endpoint/connections.h
//
// The endpoint session's connections (`certify --connections N`): N lanes,
// each a client on a connection of its own (all sharing one rate limiter,
// dynamodb/client.h), with its own tables, workload and attribution, and
// the pool that runs the cases of a property on them, N at once, while
// RapidCheck draws the next ones.
//
// What stays as with one connection:
//   * RapidCheck draws every case on its own thread, in order, from the same
//     seed; a case is drawn completely before any of its requests is sent,
//     and all its requests go through one lane (its tables are that lane's);
//   * what a case met (each divergence, classified on its lane, with the
//     case it was met in) is kept in its CaseLog, and the session takes the
//     logs in the order the cases were drawn (CasePool::take_done): it
//     counts the divergences, keeps the smallest case of each signature and
//     tags the distribution in that order, as with one connection;
//   * minimizing, the known divergences' replays and the cleanup run on lane
//     0 alone, once every case has ended.
//
// With one lane nothing runs on another thread: each case runs on lane 0 as
// soon as it is drawn, and its log is there at once.
//
// Thread safety: a lane is used by one thread at a time (its worker, or the
// session's thread while no case runs); the pool's queue and logs are under
// its lock; the rate limiter takes its own; the known divergences are only
// read while cases run.

#ifndef SORTKEY_CERTIFY_ENDPOINT_CONNECTIONS_H_
#define SORTKEY_CERTIFY_ENDPOINT_CONNECTIONS_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "certify/endpoint/attribution.h"
#include "certify/endpoint/divergences.h"
#include "certify/endpoint/minimize.h"
#include "certify/endpoint/workload.h"
#include "dynamodb/client.h"

namespace sortkey::certify::endpoint {

// What ends the run, said for the person running it (an interrupt names its
// signal).
std::string fatal_text(const dynamodb::TransportError& e);

// A divergence a case met, classified, and the case it was met in (with the
// attribution's hint).
struct Observed {
  Divergence divergence;
  Case met;
};

// What one case did, for the session to count.
struct CaseLog {
  std::string property;
  std::vector<std::string> tags;                 // RC_TAGs of its drawing
  std::vector<Observed> observed;                // in the order met
  std::string gone;                              // Workload::gone() of its lane after it
  std::vector<nlohmann::json> unknown_outcomes;  // Workload::take_unknown_outcomes()
  std::optional<std::string> fatal;              // why the run cannot go on
  bool interrupted = false;                      // `fatal` is an interrupt
  // The budget's end cut it short (dynamodb/client.h, kOverBudget): not a
  // case run, and no failure; what it met before is kept.
  bool over_budget = false;
};

// Thrown by Lane::table_for when the endpoint refused the case's table
// (table_refusal.cc): the divergence is in the case's log, and the case
// ends there; Lane::run takes it.
struct TableRefused {};

class Lane {
 public:
  // The tables are named sortkey-cert-<run_id>-<n>.
  // `roots`: the root causes found, shared by the run's lanes (attribution.h).
  Lane(std::unique_ptr<dynamodb::DynamoDbClient> client, const std::string& run_id,
       bool keep_tables, WorkloadOptions options, const KnownDivergences& known,
       std::shared_ptr<RootCache> roots = std::make_shared<RootCache>());

  dynamodb::DynamoDbClient& client() { return *client_; }
  dynamodb::TableManager& tables() { return *tables_; }
  Workload& workload() { return *workload_; }
  Attribution& attribution() { return *attribution_; }

  // The lane's table for `key` (a shape), of `schema`, created on first use.
  // A CreateTable the endpoint refuses, or answers with a server error or a
  // body that is not DynamoDB's, while it still answers a harmless request,
  // is a divergence of the case (table_refusal.cc), kept in the log, and
  // ends the case: throws TableRefused (every later case of the shape too,
  // without sending it again). Throws TransportError when the endpoint is
  // gone, or gave no answer.
  std::string table_for(int key, const oracle::NSchema& schema);
  // The lane's table for `key` given up after a case could not bring it to
  // match the oracle (its emptying Scan or its loading diverged): dropped
  // (quietly when the endpoint refuses), and the next case of the shape
  // gets a fresh one, never a table holding what an earlier case left.
  void retire_table(int key);
  // A table of `schema` kept for `use` ("probe": write probes; "candidate":
  // minimization), created on first use.
  std::string spare_table(const std::string& use, const oracle::NSchema& schema);

  // Runs a case's requests: every divergence met goes to `log` (observer()),
  // and how it ended too; nothing is thrown.
  void run(CaseLog& log, const std::function<void(Lane&)>& body);
  // While run() runs: classifies each divergence and keeps it in the log.
  Workload::Observe observer();
  // An invalid request that a known divergence says the endpoint gives no
  // answer to: not sent (it would wait for the timeout again, or bring the
  // endpoint down), but kept as that divergence met. True when so.
  bool known_unanswered(const std::string& table, const oracle::NaiveTable& model,
                        const props::PlantedRequest& r);

 private:
  void observe(Divergence& d, const CheckContext& context);
  void keep_unanswered(const CheckContext& context);
  void keep(Divergence& d, const CheckContext& context);
  // table_refusal.cc: a table of `schema` made, or nullopt with `refusal`
  // set (an API error, a server error or a body that is not DynamoDB's).
  std::optional<std::string> try_create(const oracle::NSchema& schema, PageAnswer* refusal);
  Divergence table_divergence(const oracle::NSchema& schema, const PageAnswer& refusal);
  std::string refused_table_feature(const oracle::NSchema& schema);
  [[noreturn]] void refused(const Divergence& d, const oracle::NSchema& schema);

  std::unique_ptr<dynamodb::DynamoDbClient> client_;
  std::unique_ptr<dynamodb::TableManager> tables_;
  std::unique_ptr<Workload> workload_;
  std::unique_ptr<Attribution> attribution_;
  const KnownDivergences& known_;
  std::map<int, std::string> shape_tables_;
  std::map<int, Divergence> refused_shapes_;         // shapes whose CreateTable diverged
  std::map<std::string, std::string> spare_tables_;  // use + schema -> table
  CaseLog* log_ = nullptr;                           // the case run() runs
};

class CasePool {
 public:
  using Body = std::function<void(Lane&)>;
  // One worker thread per lane when there are two or more.
  // REQUIRES: lanes not empty, each outliving the pool.
  explicit CasePool(std::vector<Lane*> lanes);
  // Waits for the cases queued or running, then ends the threads.
  ~CasePool();
  CasePool(const CasePool&) = delete;
  CasePool& operator=(const CasePool&) = delete;

  // Runs `body` on the first lane free (on lane 0 at once with one lane);
  // waits while as many cases as lanes are queued or running.
  void submit(CaseLog log, Body body);
  // The logs of the cases ended, in the order submitted, up to the first
  // that has not ended.
  std::vector<CaseLog> take_done();
  // Waits until every case submitted has ended; every lane is then idle.
  void wait_all();
  // Whether a case ended cut by the budget (CaseLog::over_budget) since the
  // last call, whether or not take_done() has handed its log out yet: cases
  // end out of order, and one cut means the next would be too.
  bool take_cut() { return cut_.exchange(false); }

 private:
  struct Job {
    std::uint64_t seq;
    CaseLog log;
    Body body;
  };
  void work(Lane& lane);

  std::vector<Lane*> lanes_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Job> queue_;
  std::map<std::uint64_t, CaseLog> done_;
  std::uint64_t submitted_ = 0;
  std::uint64_t taken_ = 0;  // logs handed out by take_done()
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::atomic<bool> cut_{false};
  std::vector<std::thread> threads_;
};

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_CONNECTIONS_H_
