// The endpoint session (endpoint_catalog.h, session_internal.h): opening
// it, running and counting its cases, its budget, judging its properties,
// its closing note, its cleanup and its interrupt handlers (dynamodb/interrupts.h).

#include <fmt/format.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <map>
#include <random>
#include <set>

#include "certify/endpoint/attribution.h"
#include "certify/endpoint/connections.h"
#include "certify/endpoint/divergences.h"
#include "certify/endpoint/endpoint_catalog.h"
#include "certify/endpoint/minimize.h"
#include "certify/endpoint/session_internal.h"
#include "certify/endpoint/unknown_outcome.h"
#include "certify/endpoint/workload.h"
#include "dynamodb/client.h"
#include "dynamodb/interrupts.h"
#include "dynamodb/run_notes.h"
#include "dynamodb/sigv4.h"
#include "oracles/naive_unsettled.h"
#include "properties/props/outcome.h"
#include "sortkey/error.h"
#include "support/text.h"

namespace sortkey::certify::endpoint {

using oracle::NSchema;

namespace {

// The failure that stops a property's cases when its share of the budget is spent.
constexpr const char* kShareSpent = "its share of the budget is spent";

// ---------------------------------------------------------------- known divergences without an
// answer

// How long the replay of a known divergence that timed out waits.
constexpr long kReplayTimeoutMs = 3000;
// About what one replay costs: CreateTable, DescribeTable, the items, the
// request, DeleteTable (measured on dynalite's file: 348 requests, 64 entries).
constexpr double kRequestsPerReplay = 6;

// Whether the entry's signature gives `field` the value `value`.
bool entry_has(const KnownDivergence& k, const std::string& field, const std::string& value) {
  const auto it = k.signature.find(field);
  return it != k.signature.end() &&
         std::find(it->second.begin(), it->second.end(), value) != it->second.end();
}

// Whether the entry's signature names `error`.
bool entry_error(const KnownDivergence& k, const std::string& error) {
  return entry_has(k, "error", error);
}

// Whether the entry's reproduction cannot be replayed and its meeting is
// left to the run: a request that lost its connection, or the Scan
// emptying a table (kEmptyingScanFeature).
bool entry_unreplayable(const KnownDivergence& k) {
  return entry_error(k, kNoAnswerLost) || entry_has(k, "feature", kEmptyingScanFeature);
}

}  // namespace

// ---------------------------------------------------------------- the session

void EndpointSession::Impl::set_fatal(const dynamodb::TransportError& e,
                                      const std::string& property) {
  fatal = fatal_text(e) + " (during " + property + ")";
}

void EndpointSession::Impl::set_fatal(const nlohmann::json::exception& e,
                                      const std::string& property) {
  fatal = fmt::format("an answer of the endpoint could not be read (during {}): {}", property,
                      e.what());
}

std::string EndpointSession::Impl::count(Observed& o) {
  Divergence& d = o.divergence;
  const std::string& property = d.property;
  const auto [it, fresh] = found_index.try_emplace({d.signature, d.unsettled}, found.size());
  if (fresh) {
    Found f;
    f.divergence = d;
    f.smallest = std::move(o.met);
    f.first_property = property;
    f.unsettled = d.unsettled;
    if (f.unsettled.empty()) f.known = known.match(d.signature);
    found.push_back(std::move(f));
  }
  Found& f = found[it->second];
  if (!fresh && !f.minimized && o.met.weight() < f.smallest.weight()) {
    f.smallest = std::move(o.met);
    f.divergence = d;
  }
  ++f.count;
  ++f.count_by_property[property];
  if (!f.unsettled.empty()) return "unsettled divergence " + d.signature.id();
  if (f.known == nullptr) return "divergence " + d.signature.id();
  ++known_hits[f.known->id];
  return "known divergence " + f.known->id;
}

void EndpointSession::Impl::take_done() {
  for (CaseLog& log : pool->take_done()) {
    std::vector<std::string> tags = log.tags;
    for (Observed& o : log.observed) tags.push_back(count(o));
    if (tags.size() > log.tags.size())
      retagged[log.property].emplace_back(join_tags(log.tags), join_tags(tags));
    if (stopped) exploration[log.property].endpoint_gone = true;
    for (nlohmann::json& w : log.unknown_outcomes)
      unknown_outcomes[log.property].push_back(std::move(w));
    if (log.over_budget) {
      Exploration& e = exploration[log.property];
      e.budget_spent = true;
      --e.cases;
      ++e.cut;
    }
    ended(log);
  }
}

void EndpointSession::Impl::ended(const CaseLog& log) {
  if (!log.fatal) {
    if (!log.gone.empty() && !stopped) stopped = log.gone;
    return;
  }
  // Whatever fails once the endpoint is gone fails because it is gone.
  const std::string gone = log.interrupted ? "" : log.gone.empty() ? lane_gone() : log.gone;
  if (!gone.empty()) {
    if (!stopped) stopped = gone;
  } else if (!fatal) {
    fatal = log.fatal;
  }
}

std::string EndpointSession::Impl::lane_gone() {
  pool->wait_all();
  for (const auto& lane : lanes) {
    if (!lane->workload().gone().empty()) return lane->workload().gone();
  }
  return "";
}

std::string EndpointSession::Impl::join_tags(const std::vector<std::string>& tags) {
  if (tags.empty()) return "(untagged)";
  std::string out;
  for (const std::string& t : tags) out += (out.empty() ? "" : ", ") + t;
  return out;
}

void EndpointSession::Impl::tag(const std::string& text) {
  RC_TAG(text);
  drawn_tags.push_back(text);
}

EndpointSession::Impl::Exploration& EndpointSession::Impl::exploring(const std::string& property) {
  Exploration& e = exploration[property];
  if (e.started) return e;
  e.started = true;
  pool->take_cut();  // a cut of the property before, whose cases all ended
  std::size_t waiting = 1;
  for (const std::string& p : planned) waiting += exploration[p].started ? 0 : 1;
  e.explore_until = budget.share_end(waiting, replay_reserve());
  client->set_deadline(e.explore_until);
  return e;
}

void EndpointSession::Impl::run_case(const std::string& property,
                                     const std::function<CasePool::Body()>& draw) {
  take_done();
  stop_if_fatal(property);
  if (fatal) return;
  Exploration& e = exploring(property);
  if (fatal) {
    stop_if_fatal(property);
    return;
  }
  if (stopped) {
    e.endpoint_gone = true;
    return;
  }
  // Its share ended, or a case was cut by it (a request the rate limiter
  // could not let go before the share's end: the next cases would be too).
  if (pool->take_cut()) e.budget_spent = true;
  if (e.budget_spent || Clock::now() > e.explore_until) {
    e.budget_spent = true;
    // The first time, a failure that stops RapidCheck drawing (judge takes
    // it back); every later case, shrinking's, passes at once.
    if (!e.stop_raised) {
      e.stop_raised = true;
      props::rc_require(props::Outcome::fails(kShareSpent));
    }
    return;
  }
  ++e.cases;
  properties_run.insert(property);
  drawn_tags.clear();
  CasePool::Body body = draw();
  CaseLog log;
  log.property = property;
  log.tags = std::move(drawn_tags);
  pool->submit(std::move(log), std::move(body));
  take_done();
  stop_if_fatal(property);
}

void EndpointSession::Impl::stop_if_fatal(const std::string& property) {
  if (!fatal || !fatal_reported.insert(property).second) return;
  props::rc_require(props::Outcome::fails("the run cannot go on: " + *fatal));
}

void EndpointSession::Impl::finish_cases(const std::string& property,
                                         std::map<std::string, int>& distribution) {
  pool->wait_all();
  take_done();
  for (const auto& [drawn, met] : retagged[property]) {
    if (auto it = distribution.find(drawn); it != distribution.end() && --it->second == 0)
      distribution.erase(it);
    ++distribution[met];
  }
  retagged.erase(property);
}

void EndpointSession::Impl::replay_known() {
  known_replayed = std::string();
  known_total = 0;
  for (const KnownDivergence& k : known.entries)
    known_total += entry_unreplayable(k) || k.reproduction.is_null() ? 0 : 1;
  // Last of exploring, it may also take what minimizing left unused: the
  // run stays within --budget and the minimizing share.
  client->set_deadline(budget.explore_end() + budget.minimize_left());
  std::string& failures = *known_replayed;
  for (const KnownDivergence& k : known.entries) {
    if (entry_unreplayable(k) || k.reproduction.is_null()) continue;
    const bool timed_out = entry_error(k, kNoAnswerTimeout);
    if (timed_out) {
      client->set_request_timeout_ms(std::min(options.request_timeout_ms, kReplayTimeoutMs));
    }
    // The text of Numbers is judged only for an entry about it: another
    // entry of an endpoint that keeps the text as written would otherwise
    // still reproduce after its own cause was fixed.
    Result<std::optional<std::string>> outcome = std::optional<std::string>();
    try {
      outcome = workload->replay(k.reproduction, entry_has(k, "outcome", "number_text"));
    } catch (const dynamodb::TransportError& e) {
      client->set_request_timeout_ms(options.request_timeout_ms);
      workload->take_unanswered();
      if (e.kind() != dynamodb::TransportError::Kind::kOverBudget) throw;
      known_cut = true;
      return;
    }
    client->set_request_timeout_ms(options.request_timeout_ms);
    // A replay's request without an answer belongs to the entry, not to the
    // next case's divergence on this lane.
    workload->take_unanswered();
    ++known_done;
    if (!outcome) {
      failures += fmt::format("\"{}\": the reproduction cannot be replayed: {}\n", k.id,
                              outcome.error().message);
    } else if (!outcome->has_value()) {
      failures += fmt::format(
          "\"{}\" no longer reproduces: the endpoint now gives the expected answer; delete "
          "the entry\n",
          k.id);
    } else {
      ++known_hits[k.id];
    }
  }
}

std::string EndpointSession::Impl::check_known() {
  if (!known_replayed) replay_known();
  std::string failures = *known_replayed;
  for (const KnownDivergence& k : known.entries) {
    if (!k.reproduction.is_null() || entry_unreplayable(k)) continue;
    // Judged by the run itself, when an exploring property ran.
    if (!properties_run.empty() && known_hits[k.id] == 0) {
      failures += fmt::format(
          "\"{}\" was not met in this run: if the endpoint no longer diverges, delete the "
          "entry (or give it a reproduction)\n",
          k.id);
    }
  }
  return failures;
}

RunBudget::Clock::duration EndpointSession::Impl::replay_reserve() {
  if (!known_planned || known_replayed) return {};
  pool->wait_all();
  const dynamodb::ClientStats st = stats();
  const double elapsed = std::chrono::duration<double>(Clock::now() - opened).count();
  // The pace so far, at least a loopback emulator's replaying alone (dynalite:
  // 8 ms a request); too few requests yet (the session's opening) say
  // nothing of it. An entry of a request that timed out waits its timeout.
  // The replay runs on one connection: twice the pace of several, unless
  // the endpoint throttled: then the rate limiter, shared by every
  // connection, set the pace, and one connection keeps it (measured behind
  // a proxy throttling 30%: the doubled pace reserved 500 s for a replay
  // that took 267, and the properties it starved left 230 s unused).
  const double connections = st.throttled > 0 ? 1.0 : 2.0;
  const double per_request = std::max(
      st.requests >= 50 ? connections * elapsed / static_cast<double>(st.requests) : 0.0, 0.01);
  double seconds = 0;
  for (const KnownDivergence& k : known.entries) {
    if (k.reproduction.is_null() || entry_unreplayable(k)) continue;
    seconds += kRequestsPerReplay * per_request;
    if (entry_error(k, kNoAnswerTimeout)) seconds += kReplayTimeoutMs / 1000.0;
  }
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

dynamodb::ClientStats EndpointSession::Impl::stats() const {
  dynamodb::ClientStats st;
  for (const auto& lane : lanes) st += lane->client().stats();
  return st;
}

std::string EndpointSession::Impl::endpoint_pace() {
  pool->wait_all();
  const dynamodb::ClientStats st = stats();
  const double seconds = std::chrono::duration<double>(Clock::now() - opened).count();
  std::string out =
      fmt::format("the endpoint answered {} requests in {:.1f} s ({:.1f} per second)", st.requests,
                  seconds, seconds > 0 ? static_cast<double>(st.requests) / seconds : 0.0);
  if (st.throttled > 0) {
    out += fmt::format(", throttled {} of them ({:.0f}%)", st.throttled,
                       100.0 * static_cast<double>(st.throttled) /
                           static_cast<double>(std::max<std::uint64_t>(st.requests, 1)));
  }
  if (client->limiter().enabled()) {
    out += fmt::format(
        "; the rate limiter held requests back {:.1f} s and let {:.1f} requests per second through "
        "at the end",
        st.limited_seconds, client->limiter().fill_rate());
  }
  return out + "; a larger --budget explores it";
}

void EndpointSession::Impl::minimize_found_by(const std::string& property, std::size_t waiting) {
  std::vector<Found*> todo;
  for (Found& f : found) {
    // A request without an answer is not replayed (attribution.h).
    // Nor is a table refused (table_refusal.cc): its case is its table; nor
    // the deletes emptying a table (Workload::clear): its case holds no
    // request, and its reproduction is what the table held.
    const Case& c = f.smallest;
    const bool request =
        (c.query || c.scan || c.step || c.invalid || !c.items.empty()) && !c.transaction;
    if (f.known == nullptr && !f.minimized && f.first_property == property &&
        !f.divergence.unanswered() && f.divergence.signature.operation != "CreateTable" &&
        request) {
      todo.push_back(&f);
    }
  }
  if (todo.empty()) return;
  const Clock::time_point until = budget.minimize_until(waiting, todo.size());
  client->set_deadline(until);
  for (std::size_t i = 0; i < todo.size() && !fatal && !stopped; ++i) {
    Found& f = *todo[i];
    const auto now = Clock::now();
    const auto left = until > now ? until - now : Clock::duration{};
    const auto deadline = now + left / static_cast<long>(todo.size() - i);
    try {
      Minimized m = minimizer->minimize(f.smallest, f.divergence.signature, f.divergence,
                                        MinimizeBudget{options.minimize_candidates, deadline});
      m.divergence.property = f.divergence.property;
      m.divergence.signature = f.divergence.signature;
      f.divergence = std::move(m.divergence);
      f.smallest = std::move(m.smallest);
      f.tried = m.tried;
      f.cut = m.cut;
      f.minimized = true;
    } catch (const dynamodb::TransportError& err) {
      if (err.kind() == dynamodb::TransportError::Kind::kOverBudget) break;
      if (err.kind() != dynamodb::TransportError::Kind::kInterrupted && !workload->gone().empty()) {
        stopped = workload->gone();
      } else {
        set_fatal(err, property);
      }
    } catch (const nlohmann::json::exception& err) {
      set_fatal(err, property);
    }
  }
}

namespace {

// The unsettled rules of `ids` as the reports carry them: each with what
// it is, the model's reading, the others and their sources.
nlohmann::json unsettled_json(const std::vector<std::string>& ids) {
  if (ids.empty()) return nullptr;
  nlohmann::json out = nlohmann::json::array();
  for (const std::string& id : ids) {
    const oracle::NUnsettledRule* r = oracle::naive_unsettled_rule(id);
    if (r == nullptr) continue;
    out.push_back({{"rule", r->id},
                   {"what", r->what},
                   {"model", r->model},
                   {"others", r->others},
                   {"sources", r->sources}});
  }
  return out;
}

nlohmann::json found_json(const EndpointSession::Impl::Found& f, int count) {
  return {{"id", f.divergence.signature.id()},
          {"signature", f.divergence.signature.to_json()},
          {"count", count},
          {"known", f.known != nullptr ? nlohmann::json(f.known->id) : nlohmann::json(nullptr)},
          {"unsettled", unsettled_json(f.unsettled)},
          {"first_property", f.first_property},
          {"detail", f.divergence.detail},
          {"minimized", {{"replays", f.tried}, {"cut_by_budget", f.cut}}},
          {"reproduction", f.divergence.reproduction}};
}

// "size-of-non-ascii-string+filter-on-unprojected-attribute".
std::string unsettled_ids(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) {
    if (!out.empty()) out += '+';
    out += id;
  }
  return out;
}

// The command that sends exactly the divergence's reproduction again: from
// the --record-divergences file (its entry ends with the id), else the --json
// report.
std::string replay_line(const EndpointOptions& options, const std::string& id) {
  const std::string& file = !options.record_divergences.empty() ? options.record_divergences
                            : !options.json_report.empty() && options.json_report != "-"
                                ? options.json_report
                                : std::string();
  if (file.empty()) {
    return fmt::format(
        "  replay: sortkey certify --endpoint {} --replay FILE#{} (FILE: this run's --json or "
        "--record-divergences file)\n",
        support::shell_quote(options.url), id);
  }
  return fmt::format("  replay: sortkey certify --endpoint {} --replay {}\n",
                     support::shell_quote(options.url), support::shell_quote(file + "#" + id));
}

// How a new divergence reads in a property's failure.
std::string found_text(const EndpointSession::Impl::Found& f, const std::string& property,
                       const EndpointOptions& options) {
  const int here = f.count_by_property.at(property);
  const std::string id = f.divergence.signature.id();
  if (f.first_property != property) {
    return fmt::format("divergence {} ({} times here): {}; listed under {}\n", id, here,
                       f.divergence.signature.describe(), f.first_property);
  }
  const std::string& kind = f.divergence.kind;
  std::string how = f.minimized ? fmt::format("minimized in {} replays{}", f.tried,
                                              f.cut ? ", cut short by the budget" : "")
                    : f.divergence.signature.operation == "CreateTable"
                        ? "the table alone: its feature found by creating variants of it"
                    : kind == "no_answer"
                        ? "not minimized: a request without an answer is not replayed"
                    : kind == "server_error"
                        ? "not minimized: a request answered with a server error is not replayed"
                    : f.divergence.unanswered()
                        ? "not minimized: an answer that is not DynamoDB's JSON is not replayed"
                    : f.smallest.transaction
                        ? "not minimized: a transaction is narrowed to one action where it can be"
                        : "not minimized";
  return fmt::format("divergence {} ({} times): {}\n  {}\n  minimal reproduction ({}):\n{}{}", id,
                     here, f.divergence.signature.describe(), printable(f.divergence.detail), how,
                     describe_reproduction(f.divergence.reproduction, "    "),
                     replay_line(options, id));
}

// A property's stop (`marker`: run_case's at the end of its share, the known
// divergences' once replayed) is no failure: the result is the pass it was.
bool take_back_stop(CertifiedProperty& result, const char* marker) {
  if (result.run.verdict != props::Verdict::kFailed ||
      result.run.message.find(marker) == std::string::npos) {
    return false;
  }
  result.run.verdict = props::Verdict::kPassed;
  result.run.message.clear();
  result.run.counterexample.clear();
  result.run.shrinks = 0;
  result.run.reproduce.clear();
  return true;
}

}  // namespace

EndpointSession::EndpointSession(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

EndpointSession::~EndpointSession() { close(); }

namespace {

// Credentials, the known divergences, the client, the tables and the workload.
Result<std::unique_ptr<EndpointSession::Impl>> connect(const EndpointOptions& options,
                                                       const dynamodb::Getenv& env) {
  auto impl = std::make_unique<EndpointSession::Impl>();
  impl->options = options;
  impl->budget = RunBudget(options.budget_seconds, impl->opened);
  auto url = dynamodb::resolve_endpoint_url(env, options.url);
  if (!url) return url.error();
  impl->options.url = url->url;
  impl->url_source = url->source;
  const std::string host = dynamodb::url_host(url->url);
  if (host.empty()) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("the endpoint (from {}) must be an http:// or https:// URL, got "
                                  "\"{}\"",
                                  url->source, url->url));
  }
  // Emulators update indexes with the table; DynamoDB within seconds.
  if (impl->options.index_wait_ms < 0)
    impl->options.index_wait_ms = dynamodb::is_loopback_host(host) ? 250 : 5000;
  auto retry = dynamodb::resolve_retry(env);
  if (!retry) return retry.error();
  auto creds = dynamodb::resolve_credentials(env, dynamodb::is_loopback_host(host));
  if (!creds) return creds.error();
  impl->credentials = *creds;
  if (!options.known_divergences.empty()) {
    auto known = load_known_divergences(options.known_divergences);
    if (!known) return known.error();
    impl->known = std::move(*known);
  }
  dynamodb::EndpointConfig config;
  config.url = impl->options.url;
  auto region = dynamodb::resolve_region(env, options.region, host);
  if (!region) return region.error();
  config.region = *region;
  config.credentials = impl->credentials;
  config.connect_timeout_ms = options.connect_timeout_ms;
  config.request_timeout_ms = options.request_timeout_ms;
  config.retry = *retry;
  auto client = dynamodb::DynamoDbClient::create(config);
  if (!client) return client.error();
  std::random_device rd;
  const std::string run_id = fmt::format("{:08x}", rd());
  const WorkloadOptions workload{impl->options.index_wait_ms};
  const auto roots = std::make_shared<RootCache>();  // one cause, one root, on every lane
  for (int lane = 0; lane < impl->options.connections; ++lane) {
    auto another = lane == 0 ? std::move(client) : impl->client->another_connection();
    if (!another) return another.error();
    // Lane k > 0 names its tables sortkey-cert-<run>-c<k>-<n>.
    impl->lanes.push_back(std::make_unique<Lane>(
        std::move(*another), lane == 0 ? run_id : fmt::format("{}-c{}", run_id, lane),
        options.keep_tables, workload, impl->known, roots));
    if (lane == 0) {
      impl->client = &impl->lanes[0]->client();
      impl->workload = &impl->lanes[0]->workload();
    }
  }
  std::vector<Lane*> lanes;
  for (const auto& lane : impl->lanes) lanes.push_back(lane.get());
  impl->pool = std::make_unique<CasePool>(std::move(lanes));
  Lane* first = impl->lanes[0].get();
  impl->minimizer = std::make_unique<Minimizer>(
      first->workload(), first->attribution(),
      [first](const NSchema& schema) { return first->spare_table("candidate", schema); });
  return impl;
}

// Does it speak DynamoDB? A table of ours that does not exist must be
// reported as ResourceNotFound; nothing else is read.
Result<void> probe(EndpointSession::Impl& impl) {
  try {
    const dynamodb::Reply probe =
        impl.client->call("DescribeTable", {{"TableName", impl.lanes[0]->tables().probe_name()}});
    if (probe.ok() || probe.error->type != "ResourceNotFoundException") {
      return make_error(
          ErrorCode::kUnavailable, 0,
          fmt::format(
              "{} does not answer like DynamoDB: DescribeTable of a missing table gave {}",
              impl.options.url,
              probe.ok() ? std::string("success")
                         : support::excerpt(probe.error->type + ": " + probe.error->message, 300)));
    }
  } catch (const dynamodb::TransportError& e) {
    return make_error(ErrorCode::kUnavailable, 0, e.what());
  }

  return {};
}

}  // namespace

Result<std::shared_ptr<EndpointSession>> EndpointSession::open(const EndpointOptions& options,
                                                               const dynamodb::Getenv& env) {
  auto impl = connect(options, env);
  if (!impl) return impl.error();
  if (auto ok = probe(**impl); !ok) return ok.error();
  dynamodb::install_interrupt_handlers(
      "\nsortkey certify: interrupted; deleting the tables this run created (interrupt again to "
      "abort)\n",
      "\nsortkey certify: aborted; tables named sortkey-cert-* may remain\n");
  auto session = std::shared_ptr<EndpointSession>(new EndpointSession(std::move(*impl)));
  add_endpoint_properties(*session->impl_);
  return session;
}

const props::Catalog& EndpointSession::catalog() const { return impl_->catalog; }

void EndpointSession::plan(const std::vector<std::string>& property_ids) {
  impl_->planned.clear();
  impl_->known_planned = false;
  for (const std::string& id : property_ids) {
    if (id != "endpoint/known_divergences") {
      impl_->planned.push_back(id);
    } else {
      impl_->known_planned = !impl_->known.entries.empty();
    }
  }
}

void EndpointSession::judge(const std::string& property_id, CertifiedProperty& result) {
  Impl& s = *impl_;
  s.finish_cases(property_id, result.run.distribution);
  if (s.stopped && property_id == "endpoint/known_divergences") {
    result.run.verdict = props::Verdict::kGaveUp;
    result.run.message = "not replayed: " + *s.stopped;
    return;
  }
  if (property_id == "endpoint/known_divergences" && take_back_stop(result, kKnownReplayed))
    result.run.cases = s.known_done;
  if (property_id == "endpoint/known_divergences" && s.known_cut && !s.fatal &&
      result.run.verdict == props::Verdict::kPassed) {
    result.not_explored = true;
    result.run.verdict = props::Verdict::kGaveUp;
    result.run.message =
        fmt::format("replayed {} of {} known divergences before the {:.0f} s budget was spent: {}",
                    s.known_done, s.known_total, s.options.budget_seconds, s.endpoint_pace());
    s.not_explored.push_back(
        fmt::format("{} ({} of {} entries replayed)", property_id, s.known_done, s.known_total));
    return;
  }
  const auto e = s.exploration.find(property_id);
  if (e == s.exploration.end()) return;  // not an exploring property, or it never ran
  if (e->second.budget_spent) take_back_stop(result, kShareSpent);
  // Minimizing has a share of its own (budget.h), divided among the
  // properties still to be judged by the divergences each has to minimize.
  s.judged.insert(property_id);
  std::size_t waiting = 1;
  for (const std::string& p : s.planned) waiting += s.judged.count(p) > 0 ? 0 : 1;
  const auto minimizing = Impl::Clock::now();
  s.minimize_found_by(property_id, waiting);
  s.budget.minimized(Impl::Clock::now() - minimizing);
  s.client->set_deadline(s.budget.explore_end());
  result.run.cases = e->second.cases;
  result.unknown_outcomes = unknown_outcomes_json(s.unknown_outcomes[property_id]);
  if (e->second.endpoint_gone) {
    result.note = fmt::format("explored {} of {} cases: the endpoint stopped answering",
                              e->second.cases, result.run.settings.cases);
    if (e->second.cases == 0 && result.run.verdict == props::Verdict::kPassed) {
      result.run.verdict = props::Verdict::kGaveUp;
      result.run.message = "no case ran: " + *s.stopped;
    }
  }
  // Too few cases certify nothing: unless it failed, the property was not
  // explored, and the run could not be completed (a throttling or slow
  // endpoint is named, never failed).
  const int fewest = std::min(result.run.settings.cases, RunBudget::kFewestCases);
  const bool too_few = e->second.budget_spent && e->second.cases < fewest;
  if (e->second.budget_spent) {
    result.note = fmt::format(
        "explored {} of {} cases: its share of the {:.0f} s budget was spent (--budget){}",
        e->second.cases, result.run.settings.cases, s.options.budget_seconds,
        e->second.cut > 0 ? fmt::format(", {} cut short", e->second.cut) : "");
  }
  std::string text;
  int distinct = 0;
  int occurrences = 0;
  int unsettled = 0;
  for (const Impl::Found& f : s.found) {
    const auto here = f.count_by_property.find(property_id);
    if (here == f.count_by_property.end()) continue;
    result.divergences.push_back(found_json(f, here->second));
    unsettled += f.unsettled.empty() ? 0 : 1;
    if (f.known != nullptr || !f.unsettled.empty()) continue;
    ++distinct;
    occurrences += here->second;
    text += "\n" + found_text(f, property_id, s.options);
  }
  if (unsettled > 0) {
    result.note += fmt::format(
        "{}{} distinct divergence{} on a rule the sources leave unsettled: reported, not judged",
        result.note.empty() ? "" : "; ", unsettled, unsettled == 1 ? "" : "s");
  }
  if (distinct == 0 && too_few && result.run.verdict == props::Verdict::kPassed) {
    result.not_explored = true;
    result.run.verdict = props::Verdict::kGaveUp;
    result.run.message = fmt::format(
        "explored {} of {} cases (at least {} judge it) in its share of the {:.0f} s budget: {}",
        e->second.cases, result.run.settings.cases, fewest, s.options.budget_seconds,
        s.endpoint_pace());
    s.not_explored.push_back(fmt::format("{} ({} cases)", property_id, e->second.cases));
  }
  if (distinct == 0 || result.run.verdict != props::Verdict::kPassed) return;
  result.run.verdict = props::Verdict::kFailed;
  result.run.message = fmt::format(
      "{} distinct divergence{} that no known-divergences entry matches, met {} "
      "time{}:\n{}",
      distinct, distinct == 1 ? "" : "s", occurrences, occurrences == 1 ? "" : "s", text);
}

std::string EndpointSession::describe() const {
  return fmt::format("{} (region {}, {})", impl_->options.url, impl_->client->config().region,
                     impl_->credentials.describe());
}

const std::string& EndpointSession::url() const { return impl_->options.url; }

Result<std::optional<std::string>> EndpointSession::replay(const nlohmann::json& reproduction,
                                                           bool numbers) {
  try {
    return impl_->workload->replay(reproduction, numbers);
  } catch (const dynamodb::TransportError& e) {
    return make_error(ErrorCode::kUnavailable, 0, fatal_text(e));
  } catch (const nlohmann::json::exception& e) {
    return make_error(ErrorCode::kUnavailable, 0,
                      fmt::format("an answer of the endpoint could not be read: {}", e.what()));
  }
}

std::uint64_t EndpointSession::requests() {
  impl_->pool->wait_all();
  std::uint64_t n = 0;
  for (const auto& lane : impl_->lanes) n += lane->client().stats().requests;
  return n;
}

std::optional<std::string> EndpointSession::fatal() const { return impl_->fatal; }

std::optional<std::string> EndpointSession::stopped() const { return impl_->stopped; }

std::optional<std::string> EndpointSession::cleanup_failed() const { return impl_->cleanup_failed; }

std::optional<std::string> EndpointSession::not_explored() const {
  const Impl& s = *impl_;
  if (s.not_explored.empty()) return std::nullopt;
  std::string names;
  for (const std::string& n : s.not_explored) names += (names.empty() ? "" : ", ") + n;
  return fmt::format("not explored within the {:.0f} s budget: {}", s.options.budget_seconds,
                     names);
}

nlohmann::json EndpointSession::details() const {
  const Impl& s = *impl_;
  const dynamodb::ClientStats st = s.stats();
  const dynamodb::RateLimiter& limiter = s.client->limiter();
  nlohmann::json names = nlohmann::json::array();
  for (const std::string& n : s.not_explored) names.push_back(n);
  return {
      {"requests", st.requests},
      {"retries", st.retries},
      {"throttled", st.throttled},
      {"connections_broken", st.broken},
      {"rate_limiter",
       {{"enabled", limiter.enabled()},
        {"held_back_seconds", st.limited_seconds},
        {"rate", limiter.enabled() ? nlohmann::json(limiter.fill_rate()) : nullptr},
        {"measured_rate", limiter.measured_rate()}}},
      {"budget",
       s.budget.json(
           std::chrono::duration<double>(EndpointSession::Impl::Clock::now() - s.opened).count())},
      {"not_explored", names}};
}

namespace {

// The entries --record-divergences adds: one per distinct divergence met,
// but those an unsettled rule explains (they never fail a run).
std::vector<nlohmann::json> entries_to_record(const EndpointSession::Impl& s) {
  std::vector<nlohmann::json> entries;
  for (const EndpointSession::Impl::Found& f : s.found) {
    if (!f.unsettled.empty()) continue;
    const Signature& sig = f.divergence.signature;
    std::string id = fmt::format("{}-{}-{}", sig.operation, sig.outcome, sig.id());
    std::transform(id.begin(), id.end(), id.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    nlohmann::json entry = recorded_entry(f.divergence, id);
    if (f.known != nullptr) {
      entry["id"] = f.known->id;
      entry["reason"] = f.known->reason;
      if (!f.known->reproduction.is_null()) entry["reproduction"] = f.known->reproduction;
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

// The closing note's divergences: how many, each on a line (known or
// unsettled said), then each unsettled rule met, with its readings and
// sources.
std::string divergence_lines(const EndpointSession::Impl& s) {
  int known = 0;
  int occurrences = 0;
  std::vector<std::string> rules;  // in the order first met
  std::map<std::string, int> rule_count;
  for (const EndpointSession::Impl::Found& f : s.found) {
    known += f.known != nullptr ? 1 : 0;
    occurrences += f.count;
    for (const std::string& id : f.unsettled) {
      if (rule_count[id]++ == 0) rules.push_back(id);
    }
  }
  const std::size_t unsettled = static_cast<std::size_t>(std::count_if(
      s.found.begin(), s.found.end(), [](const auto& f) { return !f.unsettled.empty(); }));
  std::string out =
      fmt::format("  {} distinct divergences ({} new, {} known, {} unsettled) in {} occurrences\n",
                  s.found.size(), s.found.size() - static_cast<std::size_t>(known) - unsettled,
                  known, unsettled, occurrences);
  for (const EndpointSession::Impl::Found& f : s.found) {
    out += fmt::format("    {} {:>5}x {}{}\n", f.divergence.signature.id(), f.count,
                       f.divergence.signature.describe(),
                       f.known != nullptr     ? " [known: " + f.known->id + "]"
                       : !f.unsettled.empty() ? " [unsettled: " + unsettled_ids(f.unsettled) + "]"
                                              : "");
  }
  if (rules.empty()) return out;
  out +=
      "  unsettled rules the endpoint reads otherwise than the model (the sources disagree or are "
      "silent; reported, never failing):\n";
  for (const std::string& id : rules) {
    const oracle::NUnsettledRule* r = oracle::naive_unsettled_rule(id);
    if (r == nullptr) continue;
    out += fmt::format("    {} ({} distinct): {}; the model: {}; also read: {}; {}\n", id,
                       rule_count[id], r->what, r->model, r->others, r->sources);
  }
  return out;
}

}  // namespace

std::string EndpointSession::summary(double seconds) {
  Impl& s = *impl_;
  s.pool->wait_all();
  dynamodb::ClientStats st;
  std::size_t created = 0;
  for (const auto& lane : s.lanes) {
    st += lane->client().stats();
    created += lane->tables().created_count();
  }
  std::string out =
      fmt::format("endpoint {}: {} ({} retried) in {:.1f}s, {:.0f} requests/s{}; {} created\n",
                  s.options.url, support::quantity(st.requests, "request"), st.retries, seconds,
                  seconds > 0 ? static_cast<double>(st.requests) / seconds : 0.0,
                  s.lanes.size() > 1 ? fmt::format(" on {} connections", s.lanes.size()) : "",
                  support::quantity(created, "table"));
  out += "  " + dynamodb::client_summary(*s.client, st, s.url_source) + "\n";
  std::string actions;
  for (const auto& [action, n] : st.by_action)
    actions += fmt::format("{}{} {}", actions.empty() ? "" : ", ", action, n);
  out += "  requests by action: " + actions + "\n";
  out += divergence_lines(s);
  for (const KnownDivergence& k : s.known.entries) {
    out += fmt::format(
        "  known divergence {}: {}{}\n", k.id,
        s.known_hits[k.id] > 0 ? fmt::format("met {} time(s)", s.known_hits[k.id]) : "not met",
        k.reason_to_write() ? "; its reason is still to be written" : "");
  }
  for (const auto& [property, e] : s.exploration) {
    if (e.budget_spent) {
      out += fmt::format("  {} stopped exploring after {}: the budget ({:.0f} s) was spent\n",
                         property, support::quantity(static_cast<std::size_t>(e.cases), "case"),
                         s.options.budget_seconds);
    }
  }
  if (s.known_cut) {
    out += fmt::format("  the known divergences: {} of {} replayed before the budget was spent\n",
                       s.known_done, s.known_total);
  }
  if (!s.not_explored.empty()) {
    std::string names;
    for (const std::string& n : s.not_explored) names += (names.empty() ? "" : ", ") + n;
    out += "  not explored within the budget: " + names + "\n";
  }
  out += "  " +
         s.budget.line(std::chrono::duration<double>(Impl::Clock::now() - s.opened).count()) + "\n";
  if (std::string u = unknown_outcomes_line(s.unknown_outcomes); !u.empty()) out += u;
  if (s.stopped) out += "  the run stopped exploring: " + *s.stopped + "\n";
  if (!s.options.record_divergences.empty() && !s.fatal) {
    const std::vector<nlohmann::json> entries = entries_to_record(s);
    auto added = record_divergences(s.options.record_divergences, entries, s.options.url);
    if (!added) {
      s.fatal = "cannot record the divergences: " + added.error().message;
    } else {
      const std::size_t unsettled = s.found.size() - entries.size();
      out += fmt::format(
          "  recorded {} new entr{} in {} ({} already there{}); write each \"reason\" marked "
          "TO WRITE\n",
          *added, *added == 1 ? "y" : "ies", s.options.record_divergences, entries.size() - *added,
          unsettled > 0 ? fmt::format(", {} unsettled not recorded", unsettled) : "");
    }
  }
  return out;
}

std::vector<std::string> EndpointSession::close() {
  Impl& s = *impl_;
  if (s.closed) return {};
  s.closed = true;
  s.pool->wait_all();
  s.client->set_deadline(std::nullopt);  // the cleanup is never cut
  std::vector<dynamodb::TableManager*> tables;
  std::vector<std::string> names;
  for (const auto& lane : s.lanes) {
    // A first interrupt stops the workload, not the cleanup.
    lane->client().set_interrupt_threshold(2);
    lane->client().set_rate_limited(false);
    tables.push_back(&lane->tables());
    for (std::string& name : lane->tables().names()) names.push_back(std::move(name));
  }
  std::vector<std::string> said = s.options.keep_tables
                                      ? dynamodb::kept_tables(names)
                                      : dynamodb::dropped_tables(tables, s.options.url);
  if (!s.options.keep_tables && !said.empty()) {
    std::string why;
    for (const std::string& line : said) why += (why.empty() ? "" : "; ") + line;
    s.cleanup_failed = "the cleanup did not complete: " + why;
  }
  dynamodb::restore_interrupt_handlers();
  return said;
}

}  // namespace sortkey::certify::endpoint
