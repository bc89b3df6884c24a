#include "properties/gen/write_gen.h"

#include <algorithm>

#include "properties/gen/number_gen.h"
#include "properties/gen/query_gen.h"

namespace sortkey::props {

using oracle::NItem;
using oracle::NKey;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;
using Kind = WriteStep::Kind;

namespace {

void set_attr(NItem& item, const std::string& name, NValue v) {
  for (auto& [k, e] : item) {
    if (k == name) {
      e = std::move(v);
      return;
    }
  }
  item.emplace_back(name, std::move(v));
}

// Index key attributes that are not table keys, with whether each is a partition key.
std::vector<std::pair<NKey, bool>> index_keys(const NSchema& s) {
  std::vector<std::pair<NKey, bool>> out;
  for (const oracle::NIndex& i : s.indexes) {
    for (int side = 0; side < 2; ++side) {
      for (const NKey& k : side == 0 ? i.pk : i.sk) {
        const bool base = k.name == s.pk.name || (s.sk && k.name == s.sk->name);
        const bool seen = std::any_of(out.begin(), out.end(),
                                      [&](const auto& o) { return o.first.name == k.name; });
        if (!base && !seen) out.emplace_back(k, side == 0);
      }
    }
  }
  return out;
}

// A key held by the model (mostly) or a fresh one.
NItem some_key(const oracle::NaiveTable& model) {
  if (!model.items().empty() && chance(70))
    return oracle::naive_table_key(model.schema(), *rc::gen::elementOf(model.items()));
  return oracle::naive_table_key(model.schema(), *gen_item(model.schema()));
}

// An item of the schema whose table key is valid (gen_item now and then
// plants a bad key: the limit and number scripts plant their own faults).
NItem valid_keyed_item(const NSchema& s) {
  NItem item = *gen_item(s);
  set_attr(item, s.pk.name, *gen_partition_value(s.pk.type));
  if (s.sk) set_attr(item, s.sk->name, *gen_key_value(s.sk->type));
  return item;
}

WriteStep get_of(const NItem& key) {
  WriteStep g;
  g.kind = Kind::kGet;
  g.item = key;
  g.consistent = *rc::gen::arbitrary<bool>();
  return g;
}

WriteStep put_of(NItem item) {
  WriteStep p;
  p.kind = Kind::kPut;
  p.item = std::move(item);
  return p;
}

// One seed write on the state the model holds.
WriteStep seed_step(const oracle::NaiveTable& model) {
  const NSchema& s = model.schema();
  WriteStep step;
  switch (*rc::gen::weightedElement<int>({{3, 0}, {3, 1}, {4, 2}, {2, 3}, {2, 4}, {3, 5}})) {
    case 0:
      return put_of(*gen_item(s));
    case 1: {  // uniqueness: a held key is refused by the condition
      step.kind = Kind::kPutIfAbsent;
      step.item = *gen_item(s);
      if (!model.items().empty() && chance(50)) {
        const NItem key = some_key(model);
        for (const auto& [k, v] : key) set_attr(step.item, k, v);
      }
      return step;
    }
    case 2: {  // an index key set (moved, or into the index) or removed (out of it)
      step.kind = Kind::kUpdate;
      step.item = some_key(model);
      const auto keys = index_keys(s);
      if (keys.empty() || chance(20)) {
        step.set.emplace_back("x", *gen_attribute_value());
        return step;
      }
      for (const auto& [k, partition] : keys) {
        if (!chance(60)) continue;
        if (chance(25)) {
          step.remove.push_back(k.name);
        } else {
          step.set.emplace_back(k.name,
                                partition ? *gen_partition_value(k.type) : *gen_key_value(k.type));
        }
      }
      if (step.set.empty() && step.remove.empty())
        step.set.emplace_back(keys[0].first.name, *gen_key_value(keys[0].first.type));
      return step;
    }
    case 3:
      step.kind = Kind::kDelete;
      step.item = some_key(model);
      return step;
    case 4: {  // distinct keys: a duplicate is its own fault
      step.kind = Kind::kBatch;
      std::vector<NItem> keys;
      for (int i = *rc::gen::inRange(1, 6); i > 0; --i) {
        const bool del = chance(30);
        NItem item = del ? some_key(model) : valid_keyed_item(s);
        const NItem key = oracle::naive_table_key(s, item);
        if (std::any_of(keys.begin(), keys.end(),
                        [&](const NItem& k) { return oracle::naive_items_equal(k, key); }))
          continue;
        keys.push_back(key);
        (del ? step.keys : step.puts).push_back(std::move(item));
      }
      return step;
    }
    default:
      return get_of(some_key(model));
  }
}

// The byte limit of a key attribute of the schema: 2048 on a partition
// side, 1024 on a sort side.
std::size_t limit_of(bool partition) { return partition ? 2048 : 1024; }

NValue at_limit(T type, std::size_t limit) {
  const std::size_t bytes = limit + static_cast<std::size_t>(*rc::gen::inRange(-1, 2));
  if (type == T::B) return oracle::naive_scalar(T::B, std::string(bytes, static_cast<char>(0xFF)));
  return oracle::naive_scalar(T::S, text_of_bytes(bytes, chance(50)));
}

// An item of about 400 KB: 409599, 409600 or 409601 bytes, its table key
// and one attribute. REQUIRES: no N table key (its size is approximate).
NItem item_at_size_limit(const NSchema& s) {
  NItem item = oracle::naive_table_key(s, valid_keyed_item(s));
  const std::size_t base = oracle::naive_item_size(item) + 4;  // + "blob"
  const std::size_t want = 409600 + static_cast<std::size_t>(*rc::gen::inRange(-1, 2));
  if (chance(25)) {
    item.emplace_back("blob", oracle::naive_scalar(T::B, std::string(want - base, '\x80')));
  } else {
    item.emplace_back("blob", oracle::naive_scalar(T::S, text_of_bytes(want - base, chance(50))));
  }
  return item;
}

NItem item_with_key_at_limit(const NSchema& s) {
  NItem item = valid_keyed_item(s);
  std::vector<std::pair<NKey, bool>> keys = {{s.pk, true}};
  if (s.sk) keys.emplace_back(*s.sk, false);
  for (const auto& k : index_keys(s)) keys.push_back(k);
  std::vector<std::pair<NKey, bool>> sized;
  for (const auto& k : keys) {
    if (k.first.type != T::N) sized.push_back(k);
  }
  if (sized.empty()) return item;
  const auto& [k, partition] = *rc::gen::elementOf(sized);
  set_attr(item, k.name, at_limit(k.type, limit_of(partition)));
  return item;
}

// Number text: accepted spellings, the edges of the range and precision,
// zero with an exponent, and text that is not a number (ASCII: a request
// is JSON, which carries only well-formed text).
std::string number_text() {
  static const std::vector<std::string> zeros = {"0e126",  "0.0e126", "0e-131", "0.0e-130",
                                                 "0e125",  "00e126",  "-0",     "0.00e127",
                                                 "-0e126", "+0"};
  switch (*rc::gen::weightedElement<int>({{4, 0}, {3, 1}, {2, 2}, {2, 3}})) {
    case 0:
      return (*gen_number_spelling()).s;
    case 1:
      return (*gen_range_text()).text;
    case 2:
      return *rc::gen::elementOf(zeros);
    default: {
      std::string t = (*gen_malformed_text()).text;
      t.erase(std::remove_if(t.begin(), t.end(),
                             [](char c) { return static_cast<unsigned char>(c) >= 0x80; }),
              t.end());
      return t;
    }
  }
}

}  // namespace

std::string text_of_bytes(std::size_t bytes, bool multibyte) {
  static const char* const kUnits[] = {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
                                       "\xEF\xBD\x9E"};
  std::string out;
  out.reserve(bytes);
  for (std::size_t i = 0; multibyte && out.size() + 4 <= bytes; ++i) out += kUnits[i % 4];
  out.append(bytes - out.size(), 'a');
  return out;
}

rc::Gen<std::vector<WriteStep>> gen_seed_writes(const NSchema& schema) {
  return rc::gen::exec([schema] {
    oracle::NaiveTable model(schema);
    std::vector<WriteStep> steps;
    for (int i = *rc::gen::inRange(2, 8); i > 0; --i) steps.push_back(put_of(*gen_item(schema)));
    for (const WriteStep& s : steps) expect_step(model, s);
    for (int i = *rc::gen::inRange(2, 10); i > 0; --i) {
      steps.push_back(seed_step(model));
      expect_step(model, steps.back());
    }
    return steps;
  });
}

rc::Gen<std::vector<WriteStep>> gen_limit_writes(const NSchema& schema) {
  return rc::gen::exec([schema] {
    std::vector<WriteStep> steps;
    // A Number's size is "approximately" documented (AWS, "DynamoDB item
    // sizes and formats"): items at the size limit have S or B keys only.
    const bool numeric_key = schema.pk.type == T::N || (schema.sk && schema.sk->type == T::N);
    for (int i = *rc::gen::inRange(1, 4); i > 0; --i) {
      NItem item =
          numeric_key || chance(50) ? item_with_key_at_limit(schema) : item_at_size_limit(schema);
      const NItem key = oracle::naive_table_key(schema, item);
      steps.push_back(put_of(std::move(item)));
      steps.push_back(get_of(key));
    }
    return steps;
  });
}

namespace {

// A small valid value of `t`, distinct for each `n`.
NValue sweep_value(T t, int n) {
  if (t == T::N) return oracle::naive_scalar(T::N, std::to_string(n + 1));
  if (t == T::B) return oracle::naive_scalar(T::B, std::string(1, static_cast<char>(n % 250 + 1)));
  return oracle::naive_scalar(T::S, "k" + std::to_string(n));
}

// An item holding every table and index key of `schema`, its table key
// distinct for each `n`.
NItem sweep_item(const NSchema& schema, int n) {
  NItem item;
  for (const NKey& k : oracle::naive_table_keys(schema))
    item.emplace_back(k.name, sweep_value(k.type, n));
  for (const auto& [k, partition] : index_keys(schema))
    set_attr(item, k.name, sweep_value(k.type, 0));
  return item;
}

// The S and B key attributes of `schema`, each with the smallest byte
// limit of its roles.
std::vector<std::pair<NKey, std::size_t>> sized_keys(const NSchema& schema) {
  std::vector<std::pair<NKey, std::size_t>> out;
  const auto add = [&out](const NKey& k, bool partition) {
    if (k.type == T::N) return;
    const std::size_t limit = limit_of(partition);
    for (auto& [seen, l] : out) {
      if (seen.name != k.name) continue;
      l = std::min(l, limit);
      return;
    }
    out.emplace_back(k, limit);
  };
  add(schema.pk, true);
  if (schema.sk) add(*schema.sk, false);
  for (const oracle::NIndex& i : schema.indexes) {
    for (const NKey& k : i.pk) add(k, true);
    for (const NKey& k : i.sk) add(k, false);
  }
  return out;
}

void put_then_get(const NSchema& schema, NItem item, std::vector<WriteStep>& steps) {
  WriteStep get;
  get.kind = Kind::kGet;
  get.item = oracle::naive_table_key(schema, item);
  get.consistent = steps.size() % 4 == 0;
  steps.push_back(put_of(std::move(item)));
  steps.push_back(std::move(get));
}

}  // namespace

std::vector<WriteStep> limit_sweep_writes(const NSchema& schema, int k) {
  std::vector<WriteStep> steps;
  int n = 0;
  if (k == 0 || k == 1) {
    for (const auto& [key, limit] : sized_keys(schema)) {
      if (k == 1 && key.type == T::B) continue;  // bytes are bytes: script 0 has them
      for (const std::size_t bytes : {limit + 1, limit}) {
        NItem item = sweep_item(schema, n++);
        set_attr(item, key.name,
                 key.type == T::B
                     ? oracle::naive_scalar(T::B, std::string(bytes, static_cast<char>(0xFF)))
                     : oracle::naive_scalar(T::S, text_of_bytes(bytes, k == 1)));
        put_then_get(schema, std::move(item), steps);
      }
    }
    return steps;
  }
  const bool numeric_key = schema.pk.type == T::N || (schema.sk && schema.sk->type == T::N);
  if (numeric_key || k < 0 || k >= kLimitSweepScripts) return steps;
  for (const std::size_t want : {std::size_t{409601}, std::size_t{409600}}) {
    NItem item = oracle::naive_table_key(schema, sweep_item(schema, n++));
    const std::size_t bulk = want - oracle::naive_item_size(item) - 4;  // - "blob"
    item.emplace_back("blob", k == 4 ? oracle::naive_scalar(T::B, std::string(bulk, '\x80'))
                                     : oracle::naive_scalar(T::S, text_of_bytes(bulk, k == 3)));
    put_then_get(schema, std::move(item), steps);
  }
  return steps;
}

rc::Gen<std::vector<WriteStep>> gen_number_writes(const NSchema& schema) {
  return rc::gen::exec([schema] {
    std::vector<WriteStep> steps;
    for (int i = *rc::gen::inRange(1, 5); i > 0; --i) {
      NItem item = oracle::naive_table_key(schema, valid_keyed_item(schema));
      if (chance(70)) {
        item.emplace_back("n", oracle::naive_scalar(T::N, number_text()));
      } else {
        NValue set;
        set.t = T::NS;
        set.set = {number_text()};
        const std::string other = number_text();
        if (other != set.set[0] && oracle::naive_number_valid(other) &&
            (!oracle::naive_number_valid(set.set[0]) ||
             oracle::naive_number_compare(other, set.set[0]) != 0))
          set.set.push_back(other);
        item.emplace_back("ns", std::move(set));
      }
      const NItem key = oracle::naive_table_key(schema, item);
      steps.push_back(put_of(std::move(item)));
      // The key read back as written, or in another spelling of its value.
      NItem read = key;
      if (chance(50)) {
        for (auto& [name, v] : read) {
          if (v.t == T::N) v.s = (*gen_spelling(NumberValue{oracle::read_number(v.s).value})).text;
        }
      }
      steps.push_back(get_of(read));
    }
    return steps;
  });
}

}  // namespace sortkey::props
