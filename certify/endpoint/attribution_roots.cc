// The root cause of a signature (attribution.h, "Root causes"): variants
// of a divergence's case replayed, and what does not change the divergence
// left out of its signature.

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include "certify/endpoint/attribution.h"
#include "oracles/naive_decimal.h"
#include "properties/gen/query_gen.h"
#include "properties/props/query_conversions.h"
#include "support/text.h"

namespace sortkey::certify::endpoint {

using oracle::NCond;
using oracle::NItem;
using oracle::NKey;
using oracle::NOperand;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;

namespace {

// The constants of a condition without `value_class`.
NCond cond_without_class(NCond c, const std::string& value_class) {
  for (NCond& k : c.kids) k = cond_without_class(k, value_class);
  for (NOperand& o : c.args) {
    if (o.kind == NOperand::Kind::kValue) o.value = without_class(o.value, value_class);
  }
  return c;
}

std::vector<NItem> items_without_class(const std::vector<NItem>& items,
                                       const std::string& value_class) {
  std::vector<NItem> out = items;
  for (NItem& item : out) {
    for (auto& [name, v] : item) v = without_class(v, value_class);
  }
  return out;
}

// `v` as a value of type `to` when its type is `from`: a list as the map of
// its positions ("0", "1", ...), a map as the list of its values, text as
// binary of the same bytes and back (valid UTF-8 only); nullopt when it
// cannot be.
std::optional<NValue> retyped(const NValue& v, T from, T to) {
  if (v.t != from) return v;
  NValue out;
  out.t = to;
  if (from == T::L && to == T::M) {
    for (std::size_t i = 0; i < v.list.size(); ++i)
      out.map.emplace_back(std::to_string(i), v.list[i]);
  } else if (from == T::M && to == T::L) {
    for (const auto& f : v.map) out.list.push_back(f.second);
  } else if ((from == T::S && to == T::B) || (from == T::B && to == T::S)) {
    if (to == T::S && !support::valid_utf8(v.s)) return std::nullopt;
    out.s = v.s;
  } else {
    return std::nullopt;
  }
  return out;
}

std::optional<NCond> cond_retyped(NCond c, T from, T to) {
  for (NCond& k : c.kids) {
    std::optional<NCond> r = cond_retyped(k, from, to);
    if (!r) return std::nullopt;
    k = *r;
  }
  for (NOperand& o : c.args) {
    if (o.kind != NOperand::Kind::kValue) continue;
    std::optional<NValue> r = retyped(o.value, from, to);
    if (!r) return std::nullopt;
    o.value = *r;
  }
  if (c.op == NCond::Op::kType && c.type_name == oracle::naive_type_name(from))
    c.type_name = oracle::naive_type_name(to);
  return c;
}

// `feature` with the type `name` as a whole word replaced by `family`.
std::string with_type_family(const std::string& feature, const std::string& name,
                             const std::string& family) {
  std::string out;
  std::size_t i = 0;
  const auto boundary = [](char c) { return c == ' ' || c == '(' || c == ')' || c == ','; };
  while (i < feature.size()) {
    const bool starts = (i == 0 || boundary(feature[i - 1])) &&
                        feature.compare(i, name.size(), name) == 0 &&
                        (i + name.size() == feature.size() || boundary(feature[i + name.size()]));
    if (starts) {
      out += family;
      i += name.size();
    } else {
      out += feature[i++];
    }
  }
  return out;
}

std::vector<std::string> split_classes(const std::string& values) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < values.size()) {
    const std::size_t plus = values.find('+', start);
    const std::size_t end = plus == std::string::npos ? values.size() : plus;
    if (end > start) out.push_back(values.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

bool has_class(const std::string& values, const std::string& value_class) {
  const std::vector<std::string> all = split_classes(values);
  return std::find(all.begin(), all.end(), value_class) != all.end();
}

// Whether a variant diverges as `s` does (operation, outcome, error and
// masked message), and, with `feature`, with that feature.
bool same_cause(const std::optional<Signature>& v, const Signature& s,
                const std::string* feature = nullptr) {
  return v && v->operation == s.operation && v->outcome == s.outcome && v->error == s.error &&
         v->message == s.message && (feature == nullptr || v->feature == *feature);
}

// The type pairs tried: a cause that shows with both is named by the pair.
struct TypeFamily {
  T a, b;
  const char* name;
};
constexpr TypeFamily kTypeFamilies[] = {{T::L, T::M, "{L, M}"}, {T::S, T::B, "{S, B}"}};

}  // namespace

std::optional<Signature> Attribution::read_variant(const CheckContext& context,
                                                   const std::optional<props::QuerySpec>& query,
                                                   const std::optional<props::ScanSpec>& scan,
                                                   const std::vector<NItem>* items,
                                                   const NSchema* schema) {
  std::string table = context.table;
  const oracle::NaiveTable* model = context.model;
  std::optional<oracle::NaiveTable> loaded;
  if (items != nullptr) {
    const NSchema& of = schema != nullptr ? *schema : context.model->schema();
    table = probe_table_(of);
    loaded.emplace(of);
    if (!w_.load(table, *loaded, *items, [](Divergence&, const CheckContext&) {}))
      return std::nullopt;
    model = &*loaded;
  }
  std::optional<Divergence> p =
      query ? w_.query_divergence(table, *model, *query) : w_.scan_divergence(table, *model, *scan);
  if (!p || p->unanswered() || (root_of_plain_ && !p->unsettled.empty())) return std::nullopt;
  CheckContext c{table, model};
  c.query = query ? &*query : nullptr;
  c.scan = scan ? &*scan : nullptr;
  const bool was = std::exchange(in_variant_, true);
  struct Restore {
    bool& flag;
    bool was;
    ~Restore() { flag = was; }
  } restore{in_variant_, was};
  return classify_raw(*p, c);
}

void Attribution::read_root(const CheckContext& context, Signature& s) {
  RootRead r;
  if (context.query != nullptr) r.q = *context.query;
  if (context.scan != nullptr) r.sc = *context.scan;
  r.filter = s.feature.starts_with("filter ") && hint_.has_value();
  // The request that showed the cause alone.
  const auto narrow = [&](auto& spec) {
    spec.filter = hint_->filter;
    spec.style = hint_->style;
    if (s.feature.find(" with Limit") == std::string::npos) spec.limit.reset();
    if (s.feature.find(" with Select COUNT") == std::string::npos) spec.count_only = false;
  };
  if (r.filter && r.q) narrow(*r.q);
  if (r.filter && r.sc) narrow(*r.sc);
  if (r.filter) root_operator(context, r, s);
  const std::string narrowed_feature = s.feature;
  if (!r.filter) root_index(context, r, s);
  if (r.filter) root_type(context, r, s);
  root_values(context, r, narrowed_feature, s);
}

void Attribution::root_operator(const CheckContext& context, RootRead& r, Signature& s) {
  // The operator: IN of one value as =, BETWEEN as one of its two bounds.
  if (r.filter_now().kids.empty()) {
    const NCond atom = r.filter_now();
    std::vector<NCond> plainer;
    if (atom.op == NCond::Op::kIn && atom.args.size() == 2) {
      NCond eq = atom;
      eq.op = NCond::Op::kEq;
      plainer.push_back(eq);
    }
    if (atom.op == NCond::Op::kBetween && atom.args.size() == 3) {
      NCond ge = atom;
      ge.op = NCond::Op::kGe;
      ge.args = {atom.args[0], atom.args[1]};
      NCond le = atom;
      le.op = NCond::Op::kLe;
      le.args = {atom.args[0], atom.args[2]};
      plainer = {ge, le};
    }
    for (const NCond& f : plainer) {
      r.set_filter(f);
      const std::optional<Signature> v = read_variant(context, r.q, r.sc, nullptr);
      if (same_cause(v, s) && v->feature.starts_with("filter ")) {
        s.feature = v->feature;
        break;
      }
      r.set_filter(atom);
    }
  }
}

void Attribution::root_index(const CheckContext& context, const RootRead& r, Signature& s) {
  const std::optional<props::QuerySpec>& q = r.q;
  const std::vector<NItem>& items = context.model->items();
  // The index: a key condition that diverges alike on a table keyed as the
  // index is is not the index's.
  if (q && !q->index.empty() && s.feature.ends_with(" of an index")) {
    const auto index =
        std::find_if(context.model->schema().indexes.begin(), context.model->schema().indexes.end(),
                     [&](const oracle::NIndex& i) { return i.name == q->index; });
    if (index != context.model->schema().indexes.end() && index->pk.size() == 1 &&
        index->sk.size() <= 1) {
      NSchema keyed;
      keyed.pk = index->pk[0];
      if (!index->sk.empty()) keyed.sk = index->sk[0];
      std::vector<NItem> held;
      for (const NItem& item : items) {
        const NItem key = oracle::naive_table_key(keyed, item);
        if (key.size() != oracle::naive_table_keys(keyed).size()) continue;
        std::erase_if(held, [&](const NItem& h) {
          return oracle::naive_items_equal(oracle::naive_table_key(keyed, h), key);
        });
        held.push_back(item);
      }
      std::optional<props::QuerySpec> on_table = q;
      on_table->index.clear();
      on_table->consistent = false;
      const std::string want =
          s.feature.substr(0, s.feature.size() - std::string(" of an index").size());
      if (same_cause(read_variant(context, on_table, std::nullopt, &held, &keyed), s, &want))
        s.feature = want;
    }
  }
}

void Attribution::root_type(const CheckContext& context, RootRead& r, Signature& s) {
  const std::vector<NItem>& items = context.model->items();
  std::set<std::string> keys;
  const NSchema& schema = context.model->schema();
  keys.insert(schema.pk.name);
  if (schema.sk) keys.insert(schema.sk->name);
  for (const oracle::NIndex& index : schema.indexes) {
    for (const auto* side : {&index.pk, &index.sk}) {
      for (const NKey& k : *side) keys.insert(k.name);
    }
  }
  // The type: a cause that shows with the other type of its pair too is
  // named by the pair.
  {
    for (const TypeFamily& family : kTypeFamilies) {
      for (const auto& [from, to] :
           {std::pair{family.a, family.b}, std::pair{family.b, family.a}}) {
        const std::string name = oracle::naive_type_name(from);
        if (with_type_family(s.feature, name, family.name) == s.feature) continue;
        std::optional<NCond> f = cond_retyped(r.filter_now(), from, to);
        if (!f) continue;
        // An item holding a value of no counterpart (binary that is not
        // UTF-8) is left out of the variant rather than ending the probe:
        // the probe would otherwise answer for the first table the cause
        // was met on, so that one cause met with S and with B first would
        // be named "{S, B}" by one run and "B" by another. Leaving out the
        // item that shows the cause only makes the variant not diverge.
        // Key attributes keep their declared types.
        std::vector<NItem> changed;
        for (const NItem& item : items) {
          NItem as_to = item;
          bool whole = true;
          for (auto& [attribute, v] : as_to) {
            if (keys.count(attribute) > 0) continue;
            std::optional<NValue> as = retyped(v, from, to);
            whole = whole && as.has_value();
            if (as) v = *as;
          }
          if (whole) changed.push_back(std::move(as_to));
        }
        const NCond before = r.filter_now();
        r.set_filter(*f);
        const std::string want = with_type_family(s.feature, name, oracle::naive_type_name(to));
        const std::optional<Signature> v = read_variant(context, r.q, r.sc, &changed);
        r.set_filter(before);
        if (same_cause(v, s, &want)) s.feature = with_type_family(s.feature, name, family.name);
      }
    }
  }
}

void Attribution::root_values(const CheckContext& context, const RootRead& r,
                              const std::string& narrowed_feature, Signature& s) {
  // The classes of values: each kept only when the divergence goes without it.
  std::set<std::string> kept;
  for (const std::string& c : split_classes(s.values)) {
    if (c == "missing") {
      kept.insert(c);
      continue;
    }
    std::optional<props::QuerySpec> q2 = r.q;
    std::optional<props::ScanSpec> sc2 = r.sc;
    if (q2) {
      if (q2->filter) q2->filter = cond_without_class(*q2->filter, c);
      q2->key.a = without_class(q2->key.a, c);
      q2->key.b = without_class(q2->key.b, c);
    }
    if (sc2 && sc2->filter) sc2->filter = cond_without_class(*sc2->filter, c);
    // Taking the class out may make a request DynamoDB refuses (BETWEEN
    // bounds in reverse order once multibyte text is cut to its ASCII),
    // which the page checks do not judge: no probe of the class, which
    // stays.
    const auto refused = [](const std::optional<NCond>& filter) {
      return filter && !oracle::naive_refusal(*filter).empty();
    };
    if ((q2 && (refused(q2->filter) || (q2->key.op == oracle::NKeyCond::Op::kBetween &&
                                        oracle::naive_compare_scalar(q2->key.a, q2->key.b) > 0))) ||
        (sc2 && refused(sc2->filter))) {
      kept.insert(c);
      continue;
    }
    std::optional<Signature> v = read_variant(context, q2, sc2, nullptr);
    const auto gone = [&] {
      return same_cause(v, s, &narrowed_feature) && !has_class(v->values, c);
    };
    if (gone()) continue;
    const std::vector<NItem> changed = items_without_class(context.model->items(), c);
    v = read_variant(context, q2, sc2, &changed);
    if (gone()) continue;
    kept.insert(c);
  }
  s.values = join_classes(kept);
}

namespace {

// A value of one class, on its own: what a write's root probe holds.
std::optional<NValue> value_of_class(const std::string& value_class) {
  NValue v;
  if (value_class == "plus") {
    v.t = T::N;
    v.s = "+1";
  } else if (value_class == "empty") {
    v.t = T::S;
  } else if (value_class == "multibyte") {
    v.t = T::S;
    v.s = "\xC3\xA9";
  } else if (value_class == "high-bytes") {
    v.t = T::B;
    v.s = "\x80";
  } else if (value_class == "false") {
    v.t = T::BOOL;
    v.b = false;
  } else {
    return std::nullopt;
  }
  return v;
}

// A value attribute name that is not a key of `schema`.
std::string free_attribute(const NSchema& schema, const NItem& taken) {
  for (const std::string& name : props::value_attribute_names()) {
    if (oracle::naive_get(taken, name) == nullptr && name != schema.pk.name &&
        !(schema.sk && name == schema.sk->name) && !is_index_key(schema, name))
      return name;
  }
  return "";
}

}  // namespace

bool Attribution::put_taken(const NSchema& schema, const NItem& item) {
  const Workload::Answer a =
      w_.send("PutItem", {{"TableName", probe_table_(schema)}, {"Item", naive_to_json(item)}});
  return !a.error && a.no_answer.empty();
}

namespace {

// `schema` with the key attribute `name` of type `to`, wherever it is a key.
NSchema key_retyped(NSchema schema, const std::string& name, T to) {
  if (schema.pk.name == name) schema.pk.type = to;
  if (schema.sk && schema.sk->name == name) schema.sk->type = to;
  for (oracle::NIndex& i : schema.indexes) {
    for (auto* side : {&i.pk, &i.sk}) {
      for (NKey& k : *side) {
        if (k.name == name) k.type = to;
      }
    }
  }
  return schema;
}

// The first Number text of `v` DynamoDB refuses, or "".
std::string bad_number_text(const NValue& v) {
  std::vector<std::string> texts;
  if (v.t == T::N) texts.push_back(v.s);
  if (v.t == T::NS) texts = v.set;
  for (const std::string& t : texts) {
    if (oracle::read_number(t).verdict != oracle::NaiveVerdict::kNumber) return t;
  }
  return "";
}

}  // namespace

void Attribution::step_root(const CheckContext& context, Signature& s) {
  // An invalid item a step wrote (a conditional PutItem, a batch): when a
  // plain PutItem of it is taken too, the cause is the item, not the step.
  const props::WriteStep& step = *context.step;
  const NSchema& schema = context.model->schema();
  std::vector<NItem> written = step.puts;
  if (step.kind == props::WriteStep::Kind::kPutIfAbsent) written = {step.item};
  for (const NItem& item : written) {
    if (context.model->can_put(item)) continue;
    if (!put_taken(schema, item)) return;
    const auto [reason, attribute] = rejection_cause(schema, item);
    const NValue* v = attribute.empty() ? nullptr : oracle::naive_get(item, attribute);
    s.operation = "PutItem";
    s.feature = "invalid item: " + reason +
                (v != nullptr ? fmt::format(" ({})", oracle::naive_type_name(v->t)) : "");
    accepted_root(schema, item, s);
    return;
  }
}

void Attribution::accepted_root(const NSchema& schema, const NItem& item, Signature& s) {
  const auto [reason, attribute] = rejection_cause(schema, item);
  const NValue* v = attribute.empty() ? nullptr : oracle::naive_get(item, attribute);
  if (v == nullptr) return;
  if (reason == "number") {
    // The text alone, as a Number of a value attribute: the type of the
    // attribute that held it is not the cause when that is taken too.
    const std::string text = bad_number_text(*v);
    NItem probe = oracle::naive_table_key(schema, item);
    if (text.empty() || oracle::naive_get(probe, attribute) != nullptr) return;
    const std::string name = free_attribute(schema, probe);
    if (name.empty()) return;
    NValue n;
    n.t = T::N;
    n.s = text;
    probe.emplace_back(name, n);
    if (!put_taken(schema, probe)) return;
    s.feature = "invalid item: number";
    // A zero refused for its exponent, taken either way.
    if (s.values.ends_with(" zero")) {
      n.s = s.values.starts_with("overflow") ? "0E-200" : "0E+200";
      probe.back().second = n;
      if (number_class(n).ends_with(" zero") && number_class(n) != s.values &&
          put_taken(schema, probe))
        s.values = "zero out of range";
    }
    return;
  }
  if ((reason.starts_with("index_key_") || reason.starts_with("table_key_")) &&
      (v->t == T::S || v->t == T::B)) {
    // The key of the other type of bytes, holding the same bytes.
    const T to = v->t == T::S ? T::B : T::S;
    const std::optional<NValue> other = retyped(*v, v->t, to);
    if (!other) return;
    NItem changed = item;
    for (auto& [name, value] : changed) {
      if (name == attribute) value = *other;
    }
    if (put_taken(key_retyped(schema, attribute, to), changed))
      s.feature = "invalid item: " + reason;
  }
}

void Attribution::write_root(const CheckContext& context, Signature& s) {
  const NSchema& schema = context.model->schema();
  const std::vector<std::string> classes = split_classes(s.values);
  if (classes.empty() || s.feature == "item") return;
  // The item's key without the classes, and one other attribute holding a
  // value of each class: refused alike, the cause is the value wherever it is.
  NItem probe_item;
  for (const NKey& k : oracle::naive_table_keys(schema)) {
    const NValue* v = oracle::naive_get(*context.item, k.name);
    if (v == nullptr) return;
    NValue clean = *v;
    for (const std::string& c : classes) clean = without_class(clean, c);
    probe_item.emplace_back(k.name, clean);
  }
  for (const std::string& c : classes) {
    std::optional<NValue> v = value_of_class(c);
    const std::string name = free_attribute(schema, probe_item);
    if (!v || name.empty()) return;
    probe_item.emplace_back(name, *v);
  }
  const std::string probe = probe_table_(schema);
  const Workload::Answer a =
      w_.send("PutItem", {{"TableName", probe}, {"Item", naive_to_json(probe_item)}});
  if (!a.error || !a.no_answer.empty()) return;
  if (a.error->type == s.error &&
      mask_message(a.error->message, schema_names(schema, probe)) == s.message)
    s.feature = "a value";
}

namespace {

// The kinds of whitespace other than the space in `text`: "a tab", "a
// newline", "a carriage return", "other whitespace", joined by " and ".
std::string unusual_whitespace(const std::string& text) {
  std::vector<std::string> kinds;
  const auto add = [&kinds](const char* kind) {
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.emplace_back(kind);
  };
  for (char c : text) {
    if (c == '\t') add("a tab");
    if (c == '\n') add("a newline");
    if (c == '\r') add("a carriage return");
    if (c == '\f' || c == '\v') add("other whitespace");
  }
  std::string out;
  for (const std::string& k : kinds) out += (out.empty() ? "" : " and ") + k;
  return out;
}

// `text` with each run of whitespace one space.
std::string plain_spaces(const std::string& text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    const bool is_space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    if (is_space && space) continue;
    out += is_space ? ' ' : c;
    space = is_space;
  }
  return out;
}

}  // namespace

void Attribution::server_error_root(const Divergence& d, const CheckContext& context,
                                    Signature& s) {
  // A read answered with a server error: when the same request with its
  // expressions' whitespace made plain spaces is answered, the whitespace is
  // the cause, whatever the condition, the type or the index. One request.
  const nlohmann::json request = d.reproduction.value("request", nlohmann::json::object());
  const std::string action = request.value("action", std::string());
  nlohmann::json params = request.value("params", nlohmann::json());
  if ((action != "Query" && action != "Scan") || !params.is_object()) return;
  params["TableName"] = context.table;
  std::string held;
  for (const char* name : {"KeyConditionExpression", "FilterExpression", "ProjectionExpression"}) {
    if (!params.contains(name) || !params[name].is_string()) continue;
    const std::string text = params[name].get<std::string>();
    const std::string kinds = unusual_whitespace(text);
    if (kinds.empty()) continue;
    params[name] = plain_spaces(text);
    held += fmt::format("{}{} holding {}", held.empty() ? "" : "; ", name, kinds);
  }
  if (held.empty()) return;
  const Workload::Answer a = w_.send(action, params);
  // The probe's own failure is not a divergence of its own: it says the
  // whitespace is not the cause.
  w_.take_unanswered();
  if (!a.no_answer.empty()) return;
  s.feature = held;
  s.values.clear();
}

}  // namespace sortkey::certify::endpoint
