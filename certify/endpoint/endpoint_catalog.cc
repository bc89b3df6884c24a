#include "certify/endpoint/endpoint_catalog.h"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "certify/endpoint/divergences.h"
#include "certify/endpoint/dynamodb_client.h"
#include "certify/endpoint/run_notes.h"
#include "certify/endpoint/sigv4.h"
#include "certify/endpoint/workload.h"
#include "gen/query_gen.h"
#include "props/query_props.h"
#include "sortkey/composite.h"
#include "sortkey/inverse.h"
#include "sortkey/ksuid.h"
#include "sortkey/name.h"
#include "sortkey/padded.h"
#include "sortkey/timestamp.h"
#include "sortkey/ulid.h"

namespace sortkey::certify::endpoint {

using oracle::NIndex;
using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;

namespace {

// ---------------------------------------------------------------- table shapes

// Fixed shapes, created once per run and emptied between cases: creating a
// table per case would take minutes on DynamoDB itself. Together they cover
// S, N and B table keys, a table without sort key, sparse GSIs with S, N and
// B keys, a hash-only GSI, an index sharing the table's sort key, the three
// projections, and attribute names that are reserved words or not
// identifiers. Multi-attribute GSI keys (November 2025) are left out: no
// emulator implements them yet.
const std::vector<NSchema>& shapes() {
  static const std::vector<NSchema> all = [] {
    std::vector<NSchema> s(4);
    s[0].pk = {"pk", T::S};
    s[0].sk = NKey{"sk", T::S};
    s[0].indexes = {{"gsi1", {{"g1", T::S}}, {{"g2", T::N}}, NIndex::Projection::kAll, {}},
                    {"gsi2", {{"Status", T::S}}, {}, NIndex::Projection::kKeysOnly, {}}};
    s[1].pk = {"pk", T::N};
    s[1].sk = NKey{"sk", T::N};
    s[1].indexes = {
        {"gsi1", {{"g1", T::B}}, {{"sk", T::N}}, NIndex::Projection::kInclude, {"x", "Size"}}};
    s[2].pk = {"pk", T::B};
    s[2].sk = NKey{"sk", T::B};
    s[2].indexes = {{"gsi1", {{"g2", T::S}}, {{"Date", T::S}}, NIndex::Projection::kAll, {}},
                    {"gsi2", {{"g 5", T::N}}, {{"pk", T::B}}, NIndex::Projection::kAll, {}}};
    s[3].pk = {"pk", T::S};
    s[3].indexes = {{"gsi1", {{"g1", T::N}}, {{"pk", T::S}}, NIndex::Projection::kAll, {}}};
    return s;
  }();
  return all;
}

// The seeds' layout: one table, a sparse index for STATUS#DATE.
const NSchema& strategy_schema() {
  static const NSchema s = [] {
    NSchema t;
    t.pk = {"PK", T::S};
    t.sk = NKey{"SK", T::S};
    t.indexes = {{"GSI1", {{"GSI1PK", T::S}}, {{"GSI1SK", T::S}}, NIndex::Projection::kAll, {}}};
    return t;
  }();
  return s;
}

// ---------------------------------------------------------------- generators

props::QuerySpec gen_query_spec(const oracle::NaiveTable& m) {
  props::QuerySpec q;
  q.index = *props::gen_target(m.schema());
  q.key = *props::gen_key_condition(m, q.index);
  if (props::chance(40)) q.filter = *props::gen_filter(m, q.index, false);
  q.forward = *rc::gen::arbitrary<bool>();
  if (props::chance(60)) {
    // Now and then exactly the size of the range: the page that reads the
    // last item may or may not carry a LastEvaluatedKey.
    const auto n = m.key_range(q.index, q.key, q.forward).size();
    q.limit = n > 0 && props::chance(25) ? static_cast<int>(n) : *rc::gen::element(1, 1, 2, 3, 5);
  }
  q.count_only = props::chance(10);
  q.consistent = q.index.empty() && *rc::gen::arbitrary<bool>();
  q.style = *rc::gen::arbitrary<std::uint64_t>();
  q.resume_at = props::uniform_index(100);
  return q;
}

props::ScanSpec gen_scan_spec(const oracle::NaiveTable& m) {
  props::ScanSpec s;
  s.index = *props::gen_target(m.schema());
  if (props::chance(50)) s.filter = *props::gen_filter(m, s.index, true);
  if (props::chance(60)) s.limit = *rc::gen::element(1, 2, 3, 7);
  s.count_only = props::chance(10);
  s.consistent = s.index.empty() && *rc::gen::arbitrary<bool>();
  s.style = *rc::gen::arbitrary<std::uint64_t>();
  return s;
}

// The items the oracle ends up holding after `items`, for generating
// requests before the endpoint has them.
oracle::NaiveTable predicted(const NSchema& schema, const std::vector<NItem>& items) {
  oracle::NaiveTable m(schema);
  for (const NItem& i : items) m.put(i);
  return m;
}

NValue str(std::string s) {
  NValue v;
  v.t = T::S;
  v.s = std::move(s);
  return v;
}

// One sort key built with a codec, and a label for begins_with prefixes.
struct StrategyKey {
  std::string sk;
  std::string prefix;  // the strategy's fixed prefix ("READING#", "EVT#", ...)
};

StrategyKey gen_strategy_key(int strategy) {
  switch (strategy) {
    case 0: {  // zero-padded readings
      const auto n = *rc::gen::inRange<unsigned>(0, 100000);
      return {"READING#" + *encode_padded(n, 5), "READING#"};
    }
    case 1: {  // inverse: newest first when read forward
      const auto n = *rc::gen::inRange<unsigned>(0, 100000);
      return {"INV#" + *encode_inverse(n, 5), "INV#"};
    }
    case 2: {  // ISO-8601 events with a sequence for uniqueness
      const Instant t{
          *rc::gen::inRange<std::int64_t>(1782172800 - 86400 * 3, 1782172800 + 86400 * 3),
          *rc::gen::element<std::uint32_t>(0, 1000000, 999000000)};
      return {fmt::format("EVT#{}#{:03}", *encode_timestamp(t, 3), *rc::gen::inRange(0, 4)),
              "EVT#"};
    }
    case 3: {  // composite hierarchies; segments over full Unicode
      Path path = {"EVENT", *rc::gen::element<std::string>("2026-06", "2026-07", "2026-06#x")};
      path.push_back(*props::gen_unicode(3));
      auto key = encode_composite(path);
      if (!key) return {"EVENT#fallback", "EVENT#"};
      return {*key, "EVENT#"};
    }
    case 4: {  // KSUID
      Ksuid::Payload payload{};
      for (auto& b : payload)
        b = static_cast<std::uint8_t>(*rc::gen::element(0, 1, 0x7f, 0x80, 0xff));
      auto id = make_ksuid(
          *rc::gen::inRange<std::int64_t>(kKsuidMinUnix, kKsuidMinUnix + 400000000), payload);
      return {"K#" + encode_ksuid(*id), "K#"};
    }
    case 5: {  // ULID
      Ulid::Entropy entropy{};
      for (auto& b : entropy)
        b = static_cast<std::uint8_t>(*rc::gen::element(0, 1, 0x7f, 0x80, 0xff));
      auto id = make_ulid(*rc::gen::inRange<std::int64_t>(0, 1LL << 47), entropy);
      return {"U#" + encode_ulid(*id), "U#"};
    }
    default: {  // case-normalized names (DeBrie before Dean otherwise)
      auto name = normalize_name(
          *rc::gen::element<std::string>("DeBrie", "Dean", "dern", "Ærø", "straße", "ΟΔΟΣ"),
          CaseMode::kUpper);
      return {"USER#" + name.value_or(std::string("X")), "USER#"};
    }
  }
}

const std::vector<std::string>& statuses() {
  static const std::vector<std::string> s = {"PLACED", "SHIPPED", "CANCELLED", "PLACED_LATE"};
  return s;
}

// Items of the seed layouts: collections of one to three partitions, each
// holding keys of one or two strategies; orders carry STATUS#DATE in the
// sparse index, other items do not.
std::vector<NItem> gen_strategy_items() {
  const int n = *rc::gen::inRange(0, 25);
  std::vector<NItem> items;
  for (int i = 0; i < n; ++i) {
    const int strategy = *rc::gen::inRange(0, 7);
    const StrategyKey key = gen_strategy_key(strategy);
    NItem item = {{"PK", str(fmt::format("COLL#{}", *rc::gen::inRange(0, 3)))},
                  {"SK", str(key.sk)}};
    if (props::chance(40)) {
      const std::string date =
          fmt::format("2026-{:02}-{:02}", *rc::gen::inRange(5, 8), *rc::gen::element(1, 2, 15, 30));
      item.emplace_back("GSI1PK", str(fmt::format("CUST#{}", *rc::gen::inRange(0, 2))));
      item.emplace_back("GSI1SK", str(*rc::gen::elementOf(statuses()) + "#" + date));
    }
    items.push_back(std::move(item));
  }
  return items;
}

// Key conditions from the codecs: the strategy's prefix, a longer prefix of
// an existing key, BETWEEN two codec keys, STATUS# and STATUS#DATE windows on
// the index; otherwise the generic generator (values from existing keys).
props::QuerySpec gen_strategy_query(const oracle::NaiveTable& m) {
  props::QuerySpec q;
  q.index = props::chance(30) ? "GSI1" : "";
  const int shape = *rc::gen::inRange(0, 4);
  if (shape == 0) {
    q.key = *props::gen_key_condition(m, q.index);
  } else if (q.index.empty()) {
    q.key.partition = {str(fmt::format("COLL#{}", *rc::gen::inRange(0, 3)))};
    const int strategy = *rc::gen::inRange(0, 7);
    const StrategyKey a = gen_strategy_key(strategy);
    if (shape == 1) {
      q.key.op = NKeyCond::Op::kBeginsWith;
      q.key.a =
          str(props::chance(50) ? a.prefix
                                : a.sk.substr(0, a.prefix.size() + props::uniform_index(6) + 1));
    } else {
      const StrategyKey b = gen_strategy_key(strategy);
      q.key.op = shape == 2 ? NKeyCond::Op::kBetween
                            : *rc::gen::element(NKeyCond::Op::kLe, NKeyCond::Op::kGe);
      q.key.a = str(std::min(a.sk, b.sk));
      q.key.b = str(std::max(a.sk, b.sk));
    }
  } else {
    q.key.partition = {str(fmt::format("CUST#{}", *rc::gen::inRange(0, 2)))};
    const std::string status = *rc::gen::elementOf(statuses());
    if (shape == 1) {
      q.key.op = NKeyCond::Op::kBeginsWith;
      q.key.a = str(status + "#");
    } else {
      q.key.op = NKeyCond::Op::kBetween;
      const std::string d1 = fmt::format("2026-{:02}-01", *rc::gen::inRange(5, 8));
      const std::string d2 = fmt::format("2026-{:02}-30", *rc::gen::inRange(5, 8));
      q.key.a = str(status + "#" + std::min(d1, d2));
      q.key.b = str(status + "#" + std::max(d1, d2));
    }
  }
  q.forward = *rc::gen::arbitrary<bool>();
  if (props::chance(60)) {
    const auto n = m.key_range(q.index, q.key, q.forward).size();
    q.limit = n > 0 && props::chance(30) ? static_cast<int>(n) : *rc::gen::element(1, 2, 10);
  }
  q.style = *rc::gen::arbitrary<std::uint64_t>();
  q.resume_at = props::uniform_index(100);
  return q;
}

// A case's inputs as text, to recognise a case RapidCheck runs again.
template <class Spec>
std::string case_inputs(int shape, const std::vector<NItem>& items,
                        const std::vector<Spec>& specs) {
  std::ostringstream out;
  out << shape << "\n" << naive_to_json(oracle::NItem{}).dump() << "\n";
  for (const NItem& i : items)
    out << naive_to_json(i).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  for (const Spec& spec : specs) out << spec << "\n";
  return out.str();
}

// ---------------------------------------------------------------- signals

struct sigaction g_old_int;
struct sigaction g_old_term;
bool g_handlers_installed = false;

void on_signal(int sig) {
  if (interrupt_signal().load() == 0) interrupt_signal().store(sig);
  const int n = interrupt_count().fetch_add(1) + 1;
  if (n == 1) {
    static const char kFirst[] =
        "\nsortkey certify: interrupted; deleting the tables this run created (interrupt again to "
        "abort)\n";
    [[maybe_unused]] const auto w = write(STDERR_FILENO, kFirst, sizeof kFirst - 1);
  } else {
    static const char kSecond[] =
        "\nsortkey certify: aborted; tables named sortkey-cert-* may remain\n";
    [[maybe_unused]] const auto w = write(STDERR_FILENO, kSecond, sizeof kSecond - 1);
    _exit(2);
  }
}

// What ends the run, said for the person running it.
std::string fatal_text(const TransportError& e) {
  if (e.kind() != TransportError::Kind::kInterrupted) return e.what();
  const int sig = interrupt_signal().load();
  return sig == SIGTERM  ? "interrupted (SIGTERM)"
         : sig == SIGINT ? "interrupted (SIGINT)"
                         : "interrupted";
}

}  // namespace

// ---------------------------------------------------------------- the session

struct EndpointSession::Impl {
  EndpointOptions options;  // with the URL resolved
  std::string url_source;   // where the URL came from (aws_config.h)
  Credentials credentials;
  std::unique_ptr<DynamoDbClient> client;
  std::unique_ptr<TableManager> tables;
  std::unique_ptr<Workload> workload;
  KnownDivergences known;
  props::Catalog catalog;
  std::map<int, std::string> shape_tables;  // shape -> table; -1 is the strategy table
  std::optional<std::string> fatal;
  std::map<std::string, int> known_hits;
  std::map<std::string, Divergence> new_divergences;  // property -> the last (shrunk) one
  std::set<std::string> properties_run;
  std::optional<std::string> known_verdict;  // cached result of endpoint/known_divergences
  bool closed = false;
  std::string current_property;
  // Shrinking against a live endpoint costs a whole case per candidate: after
  // a property's first failure, candidates past the budget pass unrun, which
  // ends RapidCheck's shrinking at the smallest failure found so far.
  struct Shrinking {
    bool failing = false;
    std::chrono::steady_clock::time_point since;
    int candidates = 0;
    bool cut = false;
  };
  std::map<std::string, Shrinking> shrinking;
  // RapidCheck evaluates the final counterexample once more to describe it:
  // failing cases are remembered by a digest of their inputs and fail again
  // from here, without the endpoint (which may have moved on) or the budget.
  std::map<std::string, std::string> failed_cases;  // digest -> failure text
  std::set<std::string> fatal_reported;             // properties that failed with the fatal error

  std::string table_for(int shape) {
    if (auto it = shape_tables.find(shape); it != shape_tables.end()) return it->second;
    auto name =
        tables->create(shape < 0 ? strategy_schema() : shapes()[static_cast<std::size_t>(shape)]);
    if (!name) throw TransportError(TransportError::Kind::kProtocol, name.error().message);
    shape_tables[shape] = *name;
    return *name;
  }

  // One case of a property: the body runs the workload on the shape's table.
  void run_case(const std::string& property, int shape, const std::string& inputs,
                const std::function<std::optional<Divergence>(const std::string& table)>& body) {
    const std::string digest = sha256_hex(property + "\n" + inputs);
    if (const auto seen = failed_cases.find(digest); seen != failed_cases.end()) {
      props::rc_require(props::Outcome::fails(seen->second));
    }
    Shrinking& sh = shrinking[property];
    if (sh.failing) {
      if (sh.candidates >= options.shrink_candidates ||
          std::chrono::steady_clock::now() - sh.since >
              std::chrono::seconds(options.shrink_seconds)) {
        sh.cut = true;
        return;
      }
      ++sh.candidates;
    }
    properties_run.insert(property);
    current_property = property;
    std::optional<Divergence> d;
    try {
      d = body(table_for(shape));
    } catch (const TransportError& e) {
      fatal = fatal_text(e) + " (during " + property + ")";
      fatal_reported.insert(property);
      failed_cases[digest] = "the run cannot go on: " + *fatal;
      props::rc_require(props::Outcome::fails(failed_cases[digest]));
      return;
    } catch (const nlohmann::json::exception& e) {
      // answer.h checks every member read: this is a member it does not know.
      fatal = fmt::format("an answer of the endpoint could not be read (during {}): {}", property,
                          e.what());
      fatal_reported.insert(property);
      failed_cases[digest] = "the run cannot go on: " + *fatal;
      props::rc_require(props::Outcome::fails(failed_cases[digest]));
      return;
    }
    if (!d) return;
    d->property = property;
    if (const KnownDivergence* k = known.match(*d)) {
      ++known_hits[k->id];
      RC_TAG("known divergence " + k->id);
      return;
    }
    new_divergences[property] = *d;
    if (!sh.failing) {
      sh.failing = true;
      sh.since = std::chrono::steady_clock::now();
    }
    failed_cases[digest] = d->describe();
    props::rc_require(props::Outcome::fails(failed_cases[digest]));
  }

  // After a fatal error each property fails its next case, so that
  // RapidCheck stops generating, and every later case passes before drawing
  // anything, so that shrinking ends at once; certify then exits 2. Called
  // first thing in each property.
  void stop_if_fatal(const std::string& property) {
    if (!fatal || !fatal_reported.insert(property).second) return;
    props::rc_require(props::Outcome::fails("the run cannot go on: " + *fatal));
  }

  // Replays every known entry once; the failure text, or "" when all hold.
  std::string check_known() {
    std::string failures;
    for (const KnownDivergence& k : known.entries) {
      if (k.reproduction.is_null()) {
        // Judged by the run itself, when a property it matches ran.
        const bool ran =
            k.property.empty() ||
            std::any_of(properties_run.begin(), properties_run.end(), [&](const std::string& p) {
              return k.property.back() == '/' ? p.rfind(k.property, 0) == 0 : p == k.property;
            });
        if (ran && known_hits[k.id] == 0) {
          failures += fmt::format(
              "\"{}\" was not met in this run: if the endpoint no longer diverges, delete the "
              "entry (or give it a reproduction)\n",
              k.id);
        }
        continue;
      }
      auto outcome = workload->replay(k.reproduction);
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
    return failures;
  }
};

EndpointSession::EndpointSession(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

EndpointSession::~EndpointSession() { close(); }

namespace {

// Credentials, the known divergences, the client, the tables and the workload.
Result<std::unique_ptr<EndpointSession::Impl>> connect(const EndpointOptions& options,
                                                       const Getenv& env) {
  auto impl = std::make_unique<EndpointSession::Impl>();
  impl->options = options;
  auto url = resolve_endpoint_url(env, options.url);
  if (!url) return url.error();
  impl->options.url = url->url;
  impl->url_source = url->source;
  const std::string host = url_host(url->url);
  if (host.empty()) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("the endpoint (from {}) must be an http:// or https:// URL, got "
                                  "\"{}\"",
                                  url->source, url->url));
  }
  // Emulators update indexes with the table; DynamoDB within seconds.
  if (impl->options.index_wait_ms < 0)
    impl->options.index_wait_ms = is_loopback_host(host) ? 250 : 5000;
  auto retry = resolve_retry(env);
  if (!retry) return retry.error();
  auto creds = resolve_credentials(env, is_loopback_host(host));
  if (!creds) return creds.error();
  impl->credentials = *creds;
  if (!options.known_divergences.empty()) {
    auto known = load_known_divergences(options.known_divergences);
    if (!known) return known.error();
    impl->known = std::move(*known);
  }
  EndpointConfig config;
  config.url = impl->options.url;
  config.region = resolve_region(env, options.region, host);
  config.credentials = impl->credentials;
  config.connect_timeout_ms = options.connect_timeout_ms;
  config.request_timeout_ms = options.request_timeout_ms;
  config.retry = *retry;
  auto client = DynamoDbClient::create(config);
  if (!client) return client.error();
  impl->client = std::move(*client);
  std::random_device rd;
  impl->tables = std::make_unique<TableManager>(*impl->client, fmt::format("{:08x}", rd()));
  if (options.keep_tables) impl->tables->keep_all();
  impl->workload = std::make_unique<Workload>(*impl->client, *impl->tables,
                                              WorkloadOptions{impl->options.index_wait_ms});
  impl->workload->set_tolerate([s = impl.get()](Divergence& d) {
    d.property = s->current_property;
    const KnownDivergence* k = s->known.match(d);
    if (k == nullptr) return false;
    ++s->known_hits[k->id];
    RC_TAG("known divergence " + k->id);
    return true;
  });

  return impl;
}

// Does it speak DynamoDB? A table of ours that does not exist must be
// reported as ResourceNotFound; nothing else is read.
Result<void> probe(EndpointSession::Impl& impl) {
  try {
    const Reply probe =
        impl.client->call("DescribeTable", {{"TableName", impl.tables->probe_name()}});
    if (probe.ok() || probe.error->type != "ResourceNotFoundException") {
      return make_error(
          ErrorCode::kUnavailable, 0,
          fmt::format("{} does not answer like DynamoDB: DescribeTable of a missing table gave {}",
                      impl.options.url,
                      probe.ok() ? std::string("success")
                                 : probe.error->type + ": " + probe.error->message));
    }
  } catch (const TransportError& e) {
    return make_error(ErrorCode::kUnavailable, 0, e.what());
  }

  return {};
}

void install_signal_handlers() {
  interrupt_count().store(0);
  interrupt_signal().store(0);
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
  g_handlers_installed = true;
}

void add_query_property(EndpointSession::Impl* s, props::Catalog& c) {
  c.add("endpoint", "query",
        "generated items (full Unicode, high-byte binary, every spelling of numbers, wrong key "
        "types) are accepted "
        "or rejected as DynamoDB does, and every page of generated Queries on tables and sparse "
        "GSIs matches the "
        "oracle",
        [s] {
          s->stop_if_fatal("endpoint/query");
          if (s->fatal) return;
          const int shape = *rc::gen::inRange(0, static_cast<int>(shapes().size()));
          const NSchema& schema = shapes()[static_cast<std::size_t>(shape)];
          const auto items =
              *rc::gen::resize(30, rc::gen::container<std::vector<NItem>>(props::gen_item(schema)));
          const oracle::NaiveTable after = predicted(schema, items);
          std::vector<props::QuerySpec> queries;
          for (int i = *rc::gen::inRange(1, 4); i > 0; --i)
            queries.push_back(gen_query_spec(after));
          RC_TAG(fmt::format("shape {}", shape));
          s->run_case("endpoint/query", shape, case_inputs(shape, items, queries),
                      [&](const std::string& table) -> std::optional<Divergence> {
                        oracle::NaiveTable model(schema);
                        if (auto d = s->workload->load(table, model, items)) return d;
                        for (const props::QuerySpec& q : queries) {
                          if (auto d = s->workload->check_query(table, model, q)) return d;
                        }
                        return std::nullopt;
                      });
        });
}

void add_scan_property(EndpointSession::Impl* s, props::Catalog& c) {
  c.add("endpoint", "scan",
        "every page of generated Scans of tables and sparse GSIs, with filters and Limit, matches "
        "the oracle; "
        "partitions in any order, each in one piece and in sort-key order",
        [s] {
          s->stop_if_fatal("endpoint/scan");
          if (s->fatal) return;
          const int shape = *rc::gen::inRange(0, static_cast<int>(shapes().size()));
          const NSchema& schema = shapes()[static_cast<std::size_t>(shape)];
          const auto items =
              *rc::gen::resize(30, rc::gen::container<std::vector<NItem>>(props::gen_item(schema)));
          const oracle::NaiveTable after = predicted(schema, items);
          std::vector<props::ScanSpec> scans;
          for (int i = *rc::gen::inRange(1, 3); i > 0; --i) scans.push_back(gen_scan_spec(after));
          s->run_case("endpoint/scan", shape, case_inputs(shape, items, scans),
                      [&](const std::string& table) -> std::optional<Divergence> {
                        oracle::NaiveTable model(schema);
                        if (auto d = s->workload->load(table, model, items)) return d;
                        for (const props::ScanSpec& q : scans) {
                          if (auto d = s->workload->check_scan(table, model, q)) return d;
                        }
                        return std::nullopt;
                      });
        });
}

void add_key_strategies_property(EndpointSession::Impl* s, props::Catalog& c) {
  c.add("endpoint", "key_strategies",
        "the seeds' key designs built by sortkey's codecs (padded, inverse, ISO-8601, composite, "
        "STATUS#DATE in a "
        "sparse index, KSUID, ULID, normalized names) come back in the order and ranges the oracle "
        "gives for "
        "begins_with, BETWEEN, <= and >=, both directions, exact-limit pages and empty ranges",
        [s] {
          s->stop_if_fatal("endpoint/key_strategies");
          if (s->fatal) return;
          const auto items = gen_strategy_items();
          const oracle::NaiveTable after = predicted(strategy_schema(), items);
          std::vector<props::QuerySpec> queries;
          for (int i = *rc::gen::inRange(1, 4); i > 0; --i)
            queries.push_back(gen_strategy_query(after));
          s->run_case("endpoint/key_strategies", -1, case_inputs(-1, items, queries),
                      [&](const std::string& table) -> std::optional<Divergence> {
                        oracle::NaiveTable model(strategy_schema());
                        if (auto d = s->workload->load(table, model, items)) return d;
                        for (const props::QuerySpec& q : queries) {
                          if (auto d = s->workload->check_query(table, model, q)) return d;
                        }
                        return std::nullopt;
                      });
        });
}

void add_known_divergences_property(EndpointSession::Impl* s, props::Catalog& c) {
  c.add("endpoint", "known_divergences",
        "every entry of the known-divergences file still reproduces on a fresh table (an entry the "
        "endpoint no "
        "longer needs fails the run, so the file stays true)",
        [s] {
          s->stop_if_fatal("endpoint/known_divergences");
          if (s->fatal) return;
          if (!s->known_verdict) {
            try {
              s->known_verdict = s->check_known();
            } catch (const TransportError& e) {
              s->fatal = fatal_text(e) + " (during endpoint/known_divergences)";
              s->known_verdict = "the run cannot go on: " + *s->fatal;
            }
          }
          if (!s->known_verdict->empty())
            props::rc_require(props::Outcome::fails(*s->known_verdict));
        });
}

}  // namespace

Result<std::shared_ptr<EndpointSession>> EndpointSession::open(const EndpointOptions& options,
                                                               const Getenv& env) {
  auto impl = connect(options, env);
  if (!impl) return impl.error();
  if (auto ok = probe(**impl); !ok) return ok.error();
  install_signal_handlers();
  auto session = std::shared_ptr<EndpointSession>(new EndpointSession(std::move(*impl)));
  Impl* s = session->impl_.get();
  add_query_property(s, s->catalog);
  add_scan_property(s, s->catalog);
  add_key_strategies_property(s, s->catalog);
  add_known_divergences_property(s, s->catalog);
  return session;
}

const props::Catalog& EndpointSession::catalog() const { return impl_->catalog; }

std::string EndpointSession::describe() const {
  return fmt::format("{} (region {}, {})", impl_->options.url, impl_->client->config().region,
                     impl_->credentials.describe());
}

const std::string& EndpointSession::url() const { return impl_->options.url; }

std::optional<std::string> EndpointSession::fatal() const { return impl_->fatal; }

std::string EndpointSession::summary(double seconds) {
  Impl& s = *impl_;
  const ClientStats& st = s.client->stats();
  std::string out = fmt::format(
      "endpoint {}: {} requests ({} retried) in {:.1f}s, {:.0f} requests/s; {} tables created\n",
      s.options.url, st.requests, st.retries, seconds,
      seconds > 0 ? static_cast<double>(st.requests) / seconds : 0.0, s.tables->created_count());
  out += "  " + client_summary(*s.client, s.url_source) + "\n";
  std::string actions;
  for (const auto& [action, n] : st.by_action)
    actions += fmt::format("{}{} {}", actions.empty() ? "" : ", ", action, n);
  out += "  requests by action: " + actions + "\n";
  for (const KnownDivergence& k : s.known.entries) {
    out += fmt::format(
        "  known divergence {}: {}\n", k.id,
        s.known_hits[k.id] > 0 ? fmt::format("met {} time(s)", s.known_hits[k.id]) : "not met");
  }
  int n = 0;
  for (const auto& [property, d] : s.new_divergences) {
    std::string confirmed = "not replayed";
    if (!s.fatal && !d.reproduction.is_null()) {
      try {
        auto r = s.workload->replay(d.reproduction);
        confirmed =
            !r ? "replay failed: " + r.error().message
               : (r->has_value()
                      ? "reproduces on a fresh table: " + **r
                      : "does NOT reproduce on a fresh table: it depends on the table's history");
      } catch (const TransportError& e) {
        confirmed = std::string("replay failed: ") + e.what();
      }
    }
    out += fmt::format("  new divergence in {} ({}): {}\n  {}\n", property, d.kind, d.detail,
                       confirmed);
    if (const auto sh = s.shrinking.find(property); sh != s.shrinking.end() && sh->second.cut) {
      out += fmt::format(
          "  (shrinking stopped after {} candidates; --property {} with fewer --cases may shrink "
          "further)\n",
          sh->second.candidates, property);
    }
    out += "  an entry for the known-divergences file, once its why is written:\n";
    out += suggested_entry(d, fmt::format("new-{}-{}", d.kind, ++n))
               .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
           "\n";
  }
  return out;
}

std::vector<std::string> EndpointSession::close() {
  Impl& s = *impl_;
  if (s.closed) return {};
  s.closed = true;
  // A first interrupt stops the workload, not the cleanup.
  s.client->set_interrupt_threshold(2);
  std::vector<std::string> said = s.options.keep_tables ? kept_tables(s.tables->names())
                                                        : dropped_tables(*s.tables, s.options.url);
  if (g_handlers_installed) {
    sigaction(SIGINT, &g_old_int, nullptr);
    sigaction(SIGTERM, &g_old_term, nullptr);
    g_handlers_installed = false;
  }
  return said;
}

}  // namespace sortkey::certify::endpoint
