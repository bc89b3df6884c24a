#include "certify/endpoint/endpoint_catalog.h"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "certify/endpoint/attribution.h"
#include "certify/endpoint/connections.h"
#include "certify/endpoint/divergences.h"
#include "certify/endpoint/minimize.h"
#include "certify/endpoint/workload.h"
#include "certify/endpoint/workload_internal.h"
#include "dynamodb/client.h"
#include "dynamodb/run_notes.h"
#include "dynamodb/sigv4.h"
#include "properties/gen/query_gen.h"
#include "properties/gen/write_gen.h"
#include "properties/props/query_props.h"
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
      // A longer prefix, cut between code points: a cut inside one would be
      // invalid UTF-8, which no valid request holds.
      std::size_t cut = a.prefix.size() + props::uniform_index(6) + 1;
      while (cut < a.sk.size() && (static_cast<unsigned char>(a.sk[cut]) & 0xC0) == 0x80) ++cut;
      q.key.a = str(props::chance(50) ? a.prefix : a.sk.substr(0, cut));
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

// ---------------------------------------------------------------- numbers

// A leading '+' taken off every Number: DynamoDB accepts "+3", but an
// endpoint that refuses it would refuse every request holding one and mask
// whatever else that request would show. It is tested by writes of its own
// (plus_write). The value is the same, so the oracle's answers are too.
void drop_plus(NValue& v) {
  if (v.t == T::N && !v.s.empty() && v.s.front() == '+') v.s.erase(0, 1);
  if (v.t == T::NS) {
    for (std::string& e : v.set) {
      if (!e.empty() && e.front() == '+') e.erase(0, 1);
    }
  }
  for (NValue& e : v.list) drop_plus(e);
  for (auto& f : v.map) drop_plus(f.second);
}

void drop_plus(NItem& item) {
  for (auto& [name, v] : item) drop_plus(v);
}

void drop_plus(oracle::NCond& c) {
  for (oracle::NOperand& o : c.args) drop_plus(o.value);
  for (oracle::NCond& k : c.kids) drop_plus(k);
}

void drop_plus(props::QuerySpec& q) {
  for (NValue& v : q.key.partition) drop_plus(v);
  for (NValue& v : q.key.sort_eq) drop_plus(v);
  drop_plus(q.key.a);
  drop_plus(q.key.b);
  if (q.filter) drop_plus(*q.filter);
}

void drop_plus(props::ScanSpec& s) {
  if (s.filter) drop_plus(*s.filter);
}

std::vector<NItem> gen_items(const NSchema& schema) {
  auto items =
      *rc::gen::resize(30, rc::gen::container<std::vector<NItem>>(props::gen_item(schema)));
  for (NItem& i : items) drop_plus(i);
  return items;
}

// In about one Query case in twenty-five: a PutItem of its own whose one
// non-key attribute is a Number written with a leading '+', on the key of
// an item the case holds (or a fresh one).
std::optional<NItem> gen_plus_write(const oracle::NaiveTable& after) {
  if (!props::chance(4)) return std::nullopt;
  NItem item = *props::gen_table_key(after);
  drop_plus(item);
  NValue n;
  n.t = T::N;
  n.s = *rc::gen::element<std::string>("+1", "+10", "+2.5", "+0", "+1e-130");
  item.emplace_back("x", n);
  return item;
}

// ---------------------------------------------------------------- invalid requests, limits, writes

// The name of a refused filter's fault, for its signature.
const char* refused_fault(props::RefusedKind kind) {
  switch (kind) {
    case props::RefusedKind::kSameOperand:
      return "filter operands not distinct";
    case props::RefusedKind::kBetweenReversed:
      return "filter BETWEEN bounds reversed";
    case props::RefusedKind::kBetweenTypes:
      return "filter BETWEEN bounds of two types";
    case props::RefusedKind::kBeginsWithNumber:
      return "filter begins_with of a Number";
    case props::RefusedKind::kBadTypeName:
      return "filter attribute_type of an unknown type";
  }
  return "filter refused";
}

// A request DynamoDB refuses, from the model's generator: a fault planted
// in a valid Query (props::plant_invalid_request), or a filter the oracle
// refuses (gen_refused_filter).
props::PlantedRequest gen_invalid_request(const oracle::NaiveTable& m) {
  props::QuerySpec valid = gen_query_spec(m);
  drop_plus(valid);
  const int mutation = static_cast<int>(
      props::uniform_index(props::kInvalidRequestMutations + props::kRefusedKinds));
  if (mutation < props::kInvalidRequestMutations)
    return props::plant_invalid_request(m, valid, mutation);
  const auto kind = static_cast<props::RefusedKind>(mutation - props::kInvalidRequestMutations);
  valid.filter = *props::gen_refused_filter(m, valid.index, false, kind);
  drop_plus(valid);
  const std::string why = oracle::naive_refusal(*valid.filter);
  std::string fault = refused_fault(kind);
  // Operands that are not distinct: one fault per operator or function.
  if (const auto at = why.find("operator: ");
      kind == props::RefusedKind::kSameOperand && at != std::string::npos) {
    fault += ": " + why.substr(at + 10, why.find(',', at) - at - 10);
  }
  return {props::render_query(m.schema(), valid), why, fault};
}

void drop_plus(std::vector<props::WriteStep>& steps) {
  for (props::WriteStep& s : steps) {
    drop_plus(s.item);
    for (auto& [name, v] : s.set) drop_plus(v);
    for (NItem& p : s.puts) drop_plus(p);
    for (NItem& k : s.keys) drop_plus(k);
  }
}

// A partition of five to seven items of 200 to 400 KB (over 1 MB), beside
// a smaller one.
std::vector<NItem> gen_large_items() {
  std::vector<NItem> items;
  const int n = *rc::gen::inRange(5, 8);
  for (int i = 0; i < n + 2; ++i) {
    const std::size_t size = *rc::gen::inRange<std::size_t>(200000, 400000);
    items.push_back({{"pk", str(i < n ? "big" : "small")},
                     {"sk", str(fmt::format("{:03}", *rc::gen::inRange(0, 1000)))},
                     {"blob", str(props::text_of_bytes(size, props::chance(30)))}});
  }
  return items;
}

// ---------------------------------------------------------------- signals

// The error of a request that got no answer (Workload::send), in a signature.
constexpr const char* kNoAnswerTimeout = "no answer: timeout";
constexpr const char* kNoAnswerLost = "no answer: connection lost";
// How long the replay of a known divergence that timed out waits.
constexpr long kReplayTimeoutMs = 3000;

// Whether the entry's signature names `error`.
bool entry_error(const KnownDivergence& k, const std::string& error) {
  const auto it = k.signature.find("error");
  return it != k.signature.end() &&
         std::find(it->second.begin(), it->second.end(), error) != it->second.end();
}

struct sigaction g_old_int;
struct sigaction g_old_term;
bool g_handlers_installed = false;

void on_signal(int sig) {
  if (dynamodb::interrupt_signal().load() == 0) dynamodb::interrupt_signal().store(sig);
  const int n = dynamodb::interrupt_count().fetch_add(1) + 1;
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

}  // namespace

// ---------------------------------------------------------------- the session

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
  bool closed = false;
  std::vector<std::string> drawn_tags;  // the RC_TAGs of the case being drawn
  // Per property: the distribution's entries of the cases that met
  // divergences, as RapidCheck counted them (the tags of their drawing) and
  // with the divergences' tags after them, as one connection tags them.
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> retagged;

  // The budget: the run's end, and each exploring property's share of it.
  Clock::time_point opened = Clock::now();
  std::vector<std::string> planned;  // exploring properties that will run
  struct Exploration {
    bool started = false;
    Clock::time_point explore_until, minimize_until;
    int cases = 0;
    bool budget_spent = false;
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
    bool minimized = false;
    int tried = 0;
    bool cut = false;
  };
  std::vector<Found> found;
  std::map<Signature, std::size_t> found_index;
  // Per property: the writes of unknown outcome its cases settled, in the
  // order drawn (unknown_outcome.h).
  std::map<std::string, std::vector<nlohmann::json>> unknown_outcomes;

  void set_fatal(const dynamodb::TransportError& e, const std::string& property) {
    fatal = fatal_text(e) + " (during " + property + ")";
  }

  // answer.h checks every member read: this is a member it does not know.
  void set_fatal(const nlohmann::json::exception& e, const std::string& property) {
    fatal = fmt::format("an answer of the endpoint could not be read (during {}): {}", property,
                        e.what());
  }

  // A divergence met, counted: the first of its signature kept, with its
  // case, the smallest seen after it. Returns its tag.
  std::string count(Observed& o) {
    Divergence& d = o.divergence;
    const std::string& property = d.property;
    const auto [it, fresh] = found_index.try_emplace(d.signature, found.size());
    if (fresh) {
      Found f;
      f.divergence = d;
      f.smallest = std::move(o.met);
      f.first_property = property;
      f.known = known.match(d.signature);
      found.push_back(std::move(f));
    }
    Found& f = found[it->second];
    if (!fresh && !f.minimized && o.met.weight() < f.smallest.weight()) {
      f.smallest = std::move(o.met);
      f.divergence = d;
    }
    ++f.count;
    ++f.count_by_property[property];
    if (f.known == nullptr) return "divergence " + d.signature.id();
    ++known_hits[f.known->id];
    return "known divergence " + f.known->id;
  }

  // The logs of the cases ended, in the order drawn: their divergences
  // counted, and how each ended.
  void take_done() {
    for (CaseLog& log : pool->take_done()) {
      std::vector<std::string> tags = log.tags;
      for (Observed& o : log.observed) tags.push_back(count(o));
      if (tags.size() > log.tags.size())
        retagged[log.property].emplace_back(join_tags(log.tags), join_tags(tags));
      if (stopped) exploration[log.property].endpoint_gone = true;
      for (nlohmann::json& w : log.unknown_outcomes)
        unknown_outcomes[log.property].push_back(std::move(w));
      ended(log);
    }
  }

  // How a case ended: the endpoint gone for good, or a run that cannot go on.
  void ended(const CaseLog& log) {
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

  // Why the endpoint stopped answering, as a lane found, once none is busy.
  std::string lane_gone() {
    pool->wait_all();
    for (const auto& lane : lanes) {
      if (!lane->workload().gone().empty()) return lane->workload().gone();
    }
    return "";
  }

  // "(untagged)" or the tags joined, as the runner names a distribution entry.
  static std::string join_tags(const std::vector<std::string>& tags) {
    if (tags.empty()) return "(untagged)";
    std::string out;
    for (const std::string& t : tags) out += (out.empty() ? "" : ", ") + t;
    return out;
  }

  // The RC_TAG of a case being drawn, kept for its log.
  void tag(const std::string& text) {
    RC_TAG(text);
    drawn_tags.push_back(text);
  }

  // The share of the budget of a property, fixed when its first case runs.
  Exploration& exploring(const std::string& property) {
    Exploration& e = exploration[property];
    if (e.started) return e;
    e.started = true;
    std::size_t waiting = 0;
    for (const std::string& p : planned) waiting += exploration[p].started ? 0 : 1;
    const auto now = Clock::now();
    const auto end = opened + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(options.budget_seconds));
    const auto share = end > now ? (end - now) / static_cast<long>(waiting + 1) : Clock::duration{};
    e.explore_until = now + share * 3 / 5;
    e.minimize_until = now + share;
    return e;
  }

  // One case of a property, unless its share of the budget is spent:
  // `draw` draws it (here, under RapidCheck) and returns its requests, which
  // a lane runs (connections.h). The cases ended so far are counted first,
  // and a run that cannot go on fails this case.
  void run_case(const std::string& property, const std::function<CasePool::Body()>& draw) {
    take_done();
    stop_if_fatal(property);
    if (fatal) return;
    Exploration& e = exploring(property);
    if (stopped) {
      e.endpoint_gone = true;
      return;
    }
    if (Clock::now() > e.explore_until) {
      e.budget_spent = true;
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

  // After a fatal error each property fails its next case, so that
  // RapidCheck stops generating, and every later case passes before drawing
  // anything, so that shrinking ends at once; certify then exits 2.
  void stop_if_fatal(const std::string& property) {
    if (!fatal || !fatal_reported.insert(property).second) return;
    props::rc_require(props::Outcome::fails("the run cannot go on: " + *fatal));
  }

  // Every case of `property` ended and counted, and its distribution as one
  // connection tags it.
  void finish_cases(const std::string& property, std::map<std::string, int>& distribution) {
    pool->wait_all();
    take_done();
    for (const auto& [drawn, met] : retagged[property]) {
      if (auto it = distribution.find(drawn); it != distribution.end() && --it->second == 0)
        distribution.erase(it);
      ++distribution[met];
    }
    retagged.erase(property);
  }

  // Replays every known entry once; the failure text, or "" when all hold.
  // An entry of a request the endpoint gave no answer to is replayed with a
  // short timeout when it timed out, and not at all when the connection was
  // lost with it: that replay would bring the endpoint down for the rest of
  // the run (an endpoint fixed since is then not noticed).
  std::string check_known() {
    std::string failures;
    for (const KnownDivergence& k : known.entries) {
      if (entry_error(k, kNoAnswerLost)) continue;
      if (k.reproduction.is_null()) {
        // Judged by the run itself, when an exploring property ran.
        if (!properties_run.empty() && known_hits[k.id] == 0) {
          failures += fmt::format(
              "\"{}\" was not met in this run: if the endpoint no longer diverges, delete the "
              "entry (or give it a reproduction)\n",
              k.id);
        }
        continue;
      }
      const bool timed_out = entry_error(k, kNoAnswerTimeout);
      if (timed_out) {
        client->set_request_timeout_ms(std::min(options.request_timeout_ms, kReplayTimeoutMs));
      }
      auto outcome = workload->replay(k.reproduction);
      client->set_request_timeout_ms(options.request_timeout_ms);
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

  // Each new divergence `property` found first gets an equal part of what
  // is left of the property's share for minimizing.
  void minimize_found_by(const std::string& property) {
    const Exploration& e = exploration[property];
    std::vector<Found*> todo;
    for (Found& f : found) {
      // A request without an answer is not replayed (attribution.h).
      if (f.known == nullptr && !f.minimized && f.first_property == property &&
          f.divergence.kind != "no_answer") {
        todo.push_back(&f);
      }
    }
    for (std::size_t i = 0; i < todo.size() && !fatal && !stopped; ++i) {
      Found& f = *todo[i];
      const auto now = Clock::now();
      const auto left = e.minimize_until > now ? e.minimize_until - now : Clock::duration{};
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
        if (err.kind() != dynamodb::TransportError::Kind::kInterrupted &&
            !workload->gone().empty()) {
          stopped = workload->gone();
        } else {
          set_fatal(err, property);
        }
      } catch (const nlohmann::json::exception& err) {
        set_fatal(err, property);
      }
    }
  }
};

namespace {

nlohmann::json found_json(const EndpointSession::Impl::Found& f, int count) {
  return {{"id", f.divergence.signature.id()},
          {"signature", f.divergence.signature.to_json()},
          {"count", count},
          {"known", f.known != nullptr ? nlohmann::json(f.known->id) : nlohmann::json(nullptr)},
          {"first_property", f.first_property},
          {"detail", f.divergence.detail},
          {"minimized", {{"replays", f.tried}, {"cut_by_budget", f.cut}}},
          {"reproduction", f.divergence.reproduction}};
}

// How a new divergence reads in a property's failure.
std::string found_text(const EndpointSession::Impl::Found& f, const std::string& property) {
  const int here = f.count_by_property.at(property);
  const std::string id = f.divergence.signature.id();
  if (f.first_property != property) {
    return fmt::format("divergence {} ({} times here): {}; listed under {}\n", id, here,
                       f.divergence.signature.describe(), f.first_property);
  }
  std::string how = f.minimized ? fmt::format("minimized in {} replays{}", f.tried,
                                              f.cut ? ", cut short by the budget" : "")
                    : f.divergence.kind == "no_answer"
                        ? "not minimized: a request without an answer is not replayed"
                        : "not minimized";
  return fmt::format("divergence {} ({} times): {}\n  {}\n  minimal reproduction ({}):\n{}", id,
                     here, f.divergence.signature.describe(), f.divergence.detail, how,
                     describe_reproduction(f.divergence.reproduction, "    "));
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
  config.region = dynamodb::resolve_region(env, options.region, host);
  config.credentials = impl->credentials;
  config.connect_timeout_ms = options.connect_timeout_ms;
  config.request_timeout_ms = options.request_timeout_ms;
  config.retry = *retry;
  auto client = dynamodb::DynamoDbClient::create(config);
  if (!client) return client.error();
  std::random_device rd;
  const std::string run_id = fmt::format("{:08x}", rd());
  const WorkloadOptions workload{impl->options.index_wait_ms};
  for (int lane = 0; lane < impl->options.connections; ++lane) {
    auto another = lane == 0 ? std::move(client) : impl->client->another_connection();
    if (!another) return another.error();
    // Lane k > 0 names its tables sortkey-cert-<run>-c<k>-<n>.
    impl->lanes.push_back(std::make_unique<Lane>(
        std::move(*another), lane == 0 ? run_id : fmt::format("{}-c{}", run_id, lane),
        options.keep_tables, workload, impl->known));
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
          fmt::format("{} does not answer like DynamoDB: DescribeTable of a missing table gave {}",
                      impl.options.url,
                      probe.ok() ? std::string("success")
                                 : probe.error->type + ": " + probe.error->message));
    }
  } catch (const dynamodb::TransportError& e) {
    return make_error(ErrorCode::kUnavailable, 0, e.what());
  }

  return {};
}

void install_signal_handlers() {
  dynamodb::interrupt_count().store(0);
  dynamodb::interrupt_signal().store(0);
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
          s->run_case("endpoint/query", [&]() -> CasePool::Body {
            const int shape = *rc::gen::inRange(0, static_cast<int>(shapes().size()));
            const NSchema& schema = shapes()[static_cast<std::size_t>(shape)];
            const auto items = gen_items(schema);
            const oracle::NaiveTable after = predicted(schema, items);
            std::vector<props::QuerySpec> queries;
            for (int i = *rc::gen::inRange(1, 4); i > 0; --i) {
              queries.push_back(gen_query_spec(after));
              drop_plus(queries.back());
            }
            const std::optional<NItem> plus = gen_plus_write(after);
            s->tag(fmt::format("shape {}", shape));
            return [shape, &schema, items, queries, plus](Lane& lane) {
              const std::string table = lane.table_for(shape, schema);
              oracle::NaiveTable model(schema);
              if (!lane.workload().load(table, model, items, lane.observer())) return;
              for (const props::QuerySpec& q : queries)
                lane.workload().check_query(table, model, q, lane.observer());
              if (plus) lane.workload().check_write(table, model, *plus, lane.observer());
            };
          });
        });
}

void add_scan_property(EndpointSession::Impl* s, props::Catalog& c) {
  c.add("endpoint", "scan",
        "every page of generated Scans of tables and sparse GSIs, with filters and Limit, matches "
        "the oracle; "
        "partitions in any order, each in one piece and in sort-key order",
        [s] {
          s->run_case("endpoint/scan", [&]() -> CasePool::Body {
            const int shape = *rc::gen::inRange(0, static_cast<int>(shapes().size()));
            const NSchema& schema = shapes()[static_cast<std::size_t>(shape)];
            const auto items = gen_items(schema);
            const oracle::NaiveTable after = predicted(schema, items);
            std::vector<props::ScanSpec> scans;
            for (int i = *rc::gen::inRange(1, 3); i > 0; --i) {
              scans.push_back(gen_scan_spec(after));
              drop_plus(scans.back());
            }
            return [shape, &schema, items, scans](Lane& lane) {
              const std::string table = lane.table_for(shape, schema);
              oracle::NaiveTable model(schema);
              if (!lane.workload().load(table, model, items, lane.observer())) return;
              for (const props::ScanSpec& q : scans)
                lane.workload().check_scan(table, model, q, lane.observer());
            };
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
          s->run_case("endpoint/key_strategies", [&]() -> CasePool::Body {
            const auto items = gen_strategy_items();
            const oracle::NaiveTable after = predicted(strategy_schema(), items);
            std::vector<props::QuerySpec> queries;
            for (int i = *rc::gen::inRange(1, 4); i > 0; --i) {
              queries.push_back(gen_strategy_query(after));
              drop_plus(queries.back());
            }
            return [items, queries](Lane& lane) {
              const std::string table = lane.table_for(-1, strategy_schema());
              oracle::NaiveTable model(strategy_schema());
              if (!lane.workload().load(table, model, items, lane.observer())) return;
              for (const props::QuerySpec& q : queries)
                lane.workload().check_query(table, model, q, lane.observer());
            };
          });
        });
}

void add_invalid_requests_property(EndpointSession::Impl* s, props::Catalog& c) {
  c.add("endpoint", "invalid_requests",
        "Queries DynamoDB refuses with a ValidationException are refused, from the model's "
        "generator (query/rejects_invalid_requests): BETWEEN bounds reversed (in UTF-8 order, "
        "though in order in UTF-16), Select ALL_PROJECTED_ATTRIBUTES on a table, "
        "SPECIFIC_ATTRIBUTES without a projection, a ProjectionExpression with another Select, "
        "overlapping or conflicting projections, malformed start keys and start keys on tables "
        "without sort key, operands that are not distinct, refused key conditions and filters",
        [s] {
          s->run_case("endpoint/invalid_requests", [&]() -> CasePool::Body {
            const int shape = *rc::gen::inRange(0, static_cast<int>(shapes().size()));
            const NSchema& schema = shapes()[static_cast<std::size_t>(shape)];
            const auto items = gen_items(schema);
            const oracle::NaiveTable after = predicted(schema, items);
            std::vector<props::PlantedRequest> requests;
            for (int i = *rc::gen::inRange(1, 5); i > 0; --i)
              requests.push_back(gen_invalid_request(after));
            s->tag(fmt::format("shape {}", shape));
            return [shape, &schema, items, requests](Lane& lane) {
              const std::string table = lane.table_for(shape, schema);
              oracle::NaiveTable model(schema);
              if (!lane.workload().load(table, model, items, lane.observer())) return;
              for (const props::PlantedRequest& r : requests) {
                if (!lane.known_unanswered(table, model, r))
                  lane.workload().check_invalid(table, model, r, lane.observer());
              }
            };
          });
        });
}

void add_limits_property(EndpointSession::Impl* s, props::Catalog& c) {
  c.add("endpoint", "limits",
        "keys and items at DynamoDB's size limits (partition keys of 2047 to 2049 bytes, sort "
        "keys of 1023 to 1025, index keys at the same limits, items of 400 KB minus one, exactly "
        "and plus one byte, ASCII, multibyte and binary) and Numbers in every spelling DynamoDB "
        "accepts and refuses (0e126 refused, 0.0e126 accepted) are stored or refused as "
        "DynamoDB does and read back; partitions over 1 MB are paged with and without Limit by "
        "DynamoDB's 1 MB rule",
        [s] {
          s->run_case("endpoint/limits", [&]() -> CasePool::Body {
            const int kind = *rc::gen::weightedElement<int>({{5, 0}, {4, 1}, {1, 2}});
            s->tag(kind == 0 ? "sizes" : (kind == 1 ? "numbers" : "over 1 MB"));
            if (kind == 2) {
              const NSchema& schema = shapes()[0];
              const auto items = gen_large_items();
              props::QuerySpec q;
              q.key.partition = {str("big")};
              q.forward = *rc::gen::arbitrary<bool>();
              if (props::chance(50)) q.limit = *rc::gen::inRange(1, 6);
              q.consistent = *rc::gen::arbitrary<bool>();
              q.style = *rc::gen::arbitrary<std::uint64_t>();
              return [&schema, items, q](Lane& lane) {
                const std::string table = lane.table_for(0, schema);
                oracle::NaiveTable model(schema);
                if (!lane.workload().load(table, model, items, lane.observer())) return;
                lane.workload().check_large_query(table, model, q, lane.observer());
              };
            }
            const int shape =
                kind == 1 ? 1 : *rc::gen::inRange(0, static_cast<int>(shapes().size()));
            const NSchema& schema = shapes()[static_cast<std::size_t>(shape)];
            // Numbers keep their '+': refusing it is one of the spellings under test.
            auto steps =
                kind == 1 ? *props::gen_number_writes(schema) : *props::gen_limit_writes(schema);
            if (kind == 0) drop_plus(steps);
            return [shape, &schema, steps](Lane& lane) {
              const std::string table = lane.table_for(shape, schema);
              oracle::NaiveTable model(schema);
              lane.workload().check_script(table, model, steps, lane.observer());
            };
          });
        });
}

void add_writes_property(EndpointSession::Impl* s, props::Catalog& c) {
  c.add("endpoint", "writes",
        "the writes the seeds' designs rely on answer as DynamoDB does: PutItem with "
        "attribute_not_exists for uniqueness (ConditionalCheckFailedException on a key held), "
        "UpdateItem of index key attributes (the item moves in, out of and within the index), "
        "DeleteItem, BatchWriteItem all or none, GetItem strongly consistent or not; the table "
        "and each index then hold what the oracle holds",
        [s] {
          s->run_case("endpoint/writes", [&]() -> CasePool::Body {
            const int shape = *rc::gen::inRange(-1, static_cast<int>(shapes().size()));
            const NSchema& schema =
                shape < 0 ? strategy_schema() : shapes()[static_cast<std::size_t>(shape)];
            auto steps = *props::gen_seed_writes(schema);
            drop_plus(steps);
            s->tag(fmt::format("shape {}", shape));
            return [shape, &schema, steps](Lane& lane) {
              const std::string table = lane.table_for(shape, schema);
              oracle::NaiveTable model(schema);
              lane.workload().check_script(table, model, steps, lane.observer());
            };
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
          if (s->fatal || s->stopped) return;
          if (!s->known_verdict) {
            try {
              s->known_verdict = s->check_known();
            } catch (const dynamodb::TransportError& e) {
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
                                                               const dynamodb::Getenv& env) {
  auto impl = connect(options, env);
  if (!impl) return impl.error();
  if (auto ok = probe(**impl); !ok) return ok.error();
  install_signal_handlers();
  auto session = std::shared_ptr<EndpointSession>(new EndpointSession(std::move(*impl)));
  Impl* s = session->impl_.get();
  add_query_property(s, s->catalog);
  add_scan_property(s, s->catalog);
  add_key_strategies_property(s, s->catalog);
  add_invalid_requests_property(s, s->catalog);
  add_limits_property(s, s->catalog);
  add_writes_property(s, s->catalog);
  add_known_divergences_property(s, s->catalog);
  return session;
}

const props::Catalog& EndpointSession::catalog() const { return impl_->catalog; }

void EndpointSession::plan(const std::vector<std::string>& property_ids) {
  impl_->planned.clear();
  for (const std::string& id : property_ids) {
    if (id != "endpoint/known_divergences") impl_->planned.push_back(id);
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
  const auto e = s.exploration.find(property_id);
  if (e == s.exploration.end()) return;  // not an exploring property, or it never ran
  s.minimize_found_by(property_id);
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
  if (e->second.budget_spent) {
    result.note = fmt::format(
        "explored {} of {} cases: its share of the {:.0f} s budget was spent (--budget)",
        e->second.cases, result.run.settings.cases, s.options.budget_seconds);
    // Nothing explored certifies nothing.
    if (e->second.cases == 0 && result.run.verdict == props::Verdict::kPassed) {
      result.run.verdict = props::Verdict::kGaveUp;
      result.run.message = "the budget was spent before any case ran: give a larger --budget";
    }
  }
  std::string text;
  int distinct = 0;
  int occurrences = 0;
  for (const Impl::Found& f : s.found) {
    const auto here = f.count_by_property.find(property_id);
    if (here == f.count_by_property.end()) continue;
    result.divergences.push_back(found_json(f, here->second));
    if (f.known != nullptr) continue;
    ++distinct;
    occurrences += here->second;
    text += "\n" + found_text(f, property_id);
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

std::uint64_t EndpointSession::requests() {
  impl_->pool->wait_all();
  std::uint64_t n = 0;
  for (const auto& lane : impl_->lanes) n += lane->client().stats().requests;
  return n;
}

std::optional<std::string> EndpointSession::fatal() const { return impl_->fatal; }

std::optional<std::string> EndpointSession::stopped() const { return impl_->stopped; }

std::optional<std::string> EndpointSession::cleanup_failed() const { return impl_->cleanup_failed; }

namespace {

// The entries --record-divergences adds: one per distinct divergence met.
std::vector<nlohmann::json> entries_to_record(const EndpointSession::Impl& s) {
  std::vector<nlohmann::json> entries;
  for (const EndpointSession::Impl::Found& f : s.found) {
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
  std::string out = fmt::format(
      "endpoint {}: {} requests ({} retried) in {:.1f}s, {:.0f} requests/s{}; {} tables created\n",
      s.options.url, st.requests, st.retries, seconds,
      seconds > 0 ? static_cast<double>(st.requests) / seconds : 0.0,
      s.lanes.size() > 1 ? fmt::format(" on {} connections", s.lanes.size()) : "", created);
  out += "  " + dynamodb::client_summary(*s.client, st, s.url_source) + "\n";
  std::string actions;
  for (const auto& [action, n] : st.by_action)
    actions += fmt::format("{}{} {}", actions.empty() ? "" : ", ", action, n);
  out += "  requests by action: " + actions + "\n";
  int known = 0;
  int occurrences = 0;
  for (const Impl::Found& f : s.found) {
    known += f.known != nullptr ? 1 : 0;
    occurrences += f.count;
  }
  out += fmt::format("  {} distinct divergences ({} new, {} known) in {} occurrences\n",
                     s.found.size(), s.found.size() - static_cast<std::size_t>(known), known,
                     occurrences);
  for (const Impl::Found& f : s.found) {
    out += fmt::format("    {} {:>5}x {}{}\n", f.divergence.signature.id(), f.count,
                       f.divergence.signature.describe(),
                       f.known != nullptr ? " [known: " + f.known->id + "]" : "");
  }
  for (const KnownDivergence& k : s.known.entries) {
    out += fmt::format(
        "  known divergence {}: {}{}\n", k.id,
        s.known_hits[k.id] > 0 ? fmt::format("met {} time(s)", s.known_hits[k.id]) : "not met",
        k.reason_to_write() ? "; its reason is still to be written" : "");
  }
  for (const auto& [property, e] : s.exploration) {
    if (e.budget_spent) {
      out += fmt::format("  {} stopped exploring after {} cases: the budget ({:.0f} s) was spent\n",
                         property, e.cases, s.options.budget_seconds);
    }
  }
  if (std::string u = unknown_outcomes_line(s.unknown_outcomes); !u.empty()) out += u;
  if (s.stopped) out += "  the run stopped exploring: " + *s.stopped + "\n";
  if (!s.options.record_divergences.empty() && !s.fatal) {
    auto added =
        record_divergences(s.options.record_divergences, entries_to_record(s), s.options.url);
    if (!added) {
      s.fatal = "cannot record the divergences: " + added.error().message;
    } else {
      out += fmt::format(
          "  recorded {} new entr{} in {} ({} already there); write each \"reason\" marked "
          "TO WRITE\n",
          *added, *added == 1 ? "y" : "ies", s.options.record_divergences, s.found.size() - *added);
    }
  }
  return out;
}

std::vector<std::string> EndpointSession::close() {
  Impl& s = *impl_;
  if (s.closed) return {};
  s.closed = true;
  s.pool->wait_all();
  std::vector<dynamodb::TableManager*> tables;
  std::vector<std::string> names;
  for (const auto& lane : s.lanes) {
    // A first interrupt stops the workload, not the cleanup.
    lane->client().set_interrupt_threshold(2);
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
  if (g_handlers_installed) {
    sigaction(SIGINT, &g_old_int, nullptr);
    sigaction(SIGTERM, &g_old_term, nullptr);
    g_handlers_installed = false;
  }
  return said;
}

}  // namespace sortkey::certify::endpoint
