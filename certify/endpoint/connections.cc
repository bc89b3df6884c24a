#include "certify/endpoint/connections.h"

#include <fmt/format.h>

#include <csignal>

#include "certify/endpoint/expression_write.h"
#include "certify/endpoint/workload_internal.h"
#include "properties/props/query_conversions.h"

namespace sortkey::certify::endpoint {

std::string fatal_text(const dynamodb::TransportError& e) {
  if (e.kind() != dynamodb::TransportError::Kind::kInterrupted) return e.what();
  const int sig = dynamodb::interrupt_signal().load();
  return sig == SIGTERM  ? "interrupted (SIGTERM)"
         : sig == SIGINT ? "interrupted (SIGINT)"
                         : "interrupted";
}

// ---------------------------------------------------------------- lanes

Lane::Lane(std::unique_ptr<dynamodb::DynamoDbClient> client, const std::string& run_id,
           bool keep_tables, WorkloadOptions options, const KnownDivergences& known,
           std::shared_ptr<RootCache> roots)
    : client_(std::move(client)),
      tables_(std::make_unique<dynamodb::TableManager>(*client_, run_id)),
      workload_(std::make_unique<Workload>(*client_, *tables_, options)),
      attribution_(std::make_unique<Attribution>(
          *workload_,
          [this](const oracle::NSchema& schema) { return spare_table("probe", schema); },
          std::move(roots))),
      known_(known) {
  if (keep_tables) tables_->keep_all();
}

std::string Lane::table_for(int key, const oracle::NSchema& schema) {
  if (auto it = shape_tables_.find(key); it != shape_tables_.end()) return it->second;
  if (auto it = refused_shapes_.find(key); it != refused_shapes_.end()) refused(it->second, schema);
  PageAnswer refusal;
  if (std::optional<std::string> name = try_create(schema, &refusal)) {
    shape_tables_[key] = *name;
    return *name;
  }
  const Divergence& d = refused_shapes_[key] = table_divergence(schema, refusal);
  refused(d, schema);
}

void Lane::retire_table(int key) {
  const auto it = shape_tables_.find(key);
  if (it == shape_tables_.end()) return;
  const std::string name = it->second;
  shape_tables_.erase(it);
  try {
    tables_->drop(name);
  } catch (const dynamodb::TransportError&) {
    // Left to the run's cleanup, which names it when it cannot be deleted.
  }
}

std::string Lane::spare_table(const std::string& use, const oracle::NSchema& schema) {
  const std::string key = use + "\n" + schema_to_json(schema).dump();
  if (auto it = spare_tables_.find(key); it != spare_tables_.end()) return it->second;
  auto name = tables_->create(props::to_engine(schema));
  if (!name)
    throw dynamodb::TransportError(dynamodb::TransportError::Kind::kProtocol, name.error().message);
  spare_tables_[key] = *name;
  return *name;
}

void Lane::run(CaseLog& log, const std::function<void(Lane&)>& body) {
  log_ = &log;
  workload_->take_unknown_outcomes();  // those of minimizing, before this case
  const std::string during = " (during " + log.property + ")";
  try {
    body(*this);
  } catch (const TableRefused&) {
    // The case's table diverged (table_for): kept in the log, the case ends.
  } catch (const dynamodb::TransportError& e) {
    if (e.kind() == dynamodb::TransportError::Kind::kOverBudget) {
      log.over_budget = true;
      log.gone = workload_->gone();
      log.unknown_outcomes = workload_->take_unknown_outcomes();
      log_ = nullptr;
      return;
    }
    log.interrupted = e.kind() == dynamodb::TransportError::Kind::kInterrupted;
    log.fatal = fatal_text(e) + during;
    // A request outside the checks (a table made or emptied) got a server
    // error or an answer that is not DynamoDB's: whether the endpoint is
    // gone, a harmless request says.
    const bool answered = e.kind() == dynamodb::TransportError::Kind::kServerError ||
                          (e.kind() == dynamodb::TransportError::Kind::kProtocol && e.answer());
    if (answered && workload_->gone().empty()) {
      try {
        workload_->answers_probe(fatal_text(e));
      } catch (const dynamodb::TransportError& again) {
        log.interrupted = true;
        log.fatal = fatal_text(again) + during;
      }
    }
  } catch (const nlohmann::json::exception& e) {
    // answer.h checks every member read: this is a member it does not know.
    log.fatal = fmt::format("an answer of the endpoint could not be read{}: {}", during, e.what());
  } catch (const std::exception& e) {
    log.fatal = fmt::format("the case could not be run{}: {}", during, e.what());
  }
  log.gone = workload_->gone();
  log.unknown_outcomes = workload_->take_unknown_outcomes();
  log_ = nullptr;
}

Workload::Observe Lane::observer() {
  return [this](Divergence& d, const CheckContext& context) { observe(d, context); };
}

void Lane::observe(Divergence& d, const CheckContext& context) {
  d.property = log_->property;
  if (d.unanswered()) workload_->take_unanswered();
  try {
    d.signature = attribution_->classify(d, context);
  } catch (const dynamodb::TransportError&) {
    keep_unanswered(context);  // a probe got no answer, and the endpoint is gone
    throw;
  }
  keep(d, context);
  keep_unanswered(context);
}

// A probe of the attribution that got no answer: a divergence too.
void Lane::keep_unanswered(const CheckContext& context) {
  auto unanswered = workload_->take_unanswered();
  if (!unanswered) return;
  Divergence u;
  u.property = log_->property;
  u.kind = failure_kind(unanswered->answer);
  u.detail = fmt::format("a {} (a probe of a divergence's cause) got {}", unanswered->action,
                         failure_text(unanswered->answer));
  u.reproduction = {
      {"table", schema_to_json(context.model->schema())},
      {"items", workload_internal::items_json(context.model->items())},
      {"request", workload_internal::recorded_request(unanswered->action, unanswered->params)},
      {"expected", {{"ok", true}}},
      {"actual", workload_internal::actual_json(unanswered->answer)}};
  // A probe of another action than the case checks (a write narrowed, a
  // table restored) is named by its own request, never by the case's.
  const std::string checked = context.write != nullptr   ? write_operation(*context.write)
                              : context.query != nullptr ? "Query"
                              : context.scan != nullptr  ? "Scan"
                                                         : "";
  CheckContext own = context;
  if (checked != unanswered->action && (!checked.empty() || context.item == nullptr)) {
    own = CheckContext{context.table, context.model};
    own.alone = true;
  }
  u.signature = attribution_->classify(u, own);
  keep(u, context);
}

void Lane::keep(Divergence& d, const CheckContext& context) {
  Case met = case_of(context);
  met.hint = attribution_->hint();
  log_->observed.push_back({d, std::move(met)});
}

bool Lane::known_unanswered(const std::string& table, const oracle::NaiveTable& model,
                            const props::PlantedRequest& r) {
  Signature sig;
  sig.operation = "Query";
  sig.outcome = "no_answer";
  sig.feature = "invalid request: " + r.fault;
  for (const char* error : {kNoAnswerTimeout, kNoAnswerLost}) {
    sig.error = error;
    const KnownDivergence* k = known_.match(sig);
    if (k == nullptr) continue;
    Divergence d;
    d.property = log_->property;
    d.kind = "no_answer";
    d.detail =
        fmt::format("not sent: the endpoint gives it no answer (known divergence {})", k->id);
    d.reproduction = k->reproduction;
    d.signature = sig;
    CheckContext context{table, &model};
    context.invalid = &r;
    Case met = case_of(context);
    log_->observed.push_back({d, std::move(met)});
    return true;
  }
  return false;
}

// ---------------------------------------------------------------- the pool

CasePool::CasePool(std::vector<Lane*> lanes) : lanes_(std::move(lanes)) {
  if (lanes_.size() < 2) return;
  for (Lane* lane : lanes_) threads_.emplace_back([this, lane] { work(*lane); });
}

CasePool::~CasePool() {
  wait_all();
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
  }
  for (std::thread& t : threads_) t.join();
}

void CasePool::submit(CaseLog log, Body body) {
  if (threads_.empty()) {
    lanes_.front()->run(log, body);
    if (log.over_budget) cut_ = true;
    std::lock_guard lock(mutex_);
    done_.emplace(submitted_++, std::move(log));
    return;
  }
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return queue_.size() + running_ < lanes_.size(); });
  queue_.push_back({submitted_++, std::move(log), std::move(body)});
  changed_.notify_all();
}

std::vector<CaseLog> CasePool::take_done() {
  std::lock_guard lock(mutex_);
  std::vector<CaseLog> out;
  for (auto it = done_.find(taken_); it != done_.end(); it = done_.find(taken_)) {
    out.push_back(std::move(it->second));
    done_.erase(it);
    ++taken_;
  }
  return out;
}

void CasePool::wait_all() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return queue_.empty() && running_ == 0; });
}

void CasePool::work(Lane& lane) {
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left
    Job job = std::move(queue_.front());
    queue_.pop_front();
    ++running_;
    lock.unlock();
    lane.run(job.log, job.body);
    job.body = nullptr;  // what the case held goes with it, on this thread
    if (job.log.over_budget) cut_ = true;
    lock.lock();
    done_.emplace(job.seq, std::move(job.log));
    --running_;
    changed_.notify_all();
  }
}

}  // namespace sortkey::certify::endpoint
