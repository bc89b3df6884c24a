#include "properties/gen/transaction_gen.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "properties/gen/query_gen.h"
#include "properties/gen/update_gen.h"

namespace sortkey::props {
namespace {

using oracle::NCond;
using oracle::NItem;
using oracle::NTxWrite;
using WriteKind = oracle::NTxWrite::Kind;

NItem tx_target(const NamedModel& m, const NTxWrite& a) {
  return a.kind == WriteKind::kPut ? oracle::naive_table_key(m.table->schema(), a.item) : a.item;
}

// `item` with the attributes of `key` in place of its own.
NItem tx_with_key(NItem item, const NItem& key) {
  for (const auto& [name, v] : key) {
    bool found = false;
    for (auto& [n, w] : item) {
      if (n == name) {
        w = v;
        found = true;
      }
    }
    if (!found) item.emplace_back(name, v);
  }
  return item;
}

NTxWrite tx_draw_action(const NamedModel& m) {
  NTxWrite a;
  a.table = m.name;
  a.kind = *rc::gen::element(WriteKind::kPut, WriteKind::kUpdate, WriteKind::kDelete,
                             WriteKind::kConditionCheck);
  switch (a.kind) {
    case WriteKind::kPut:
      a.item = *gen_item(m.table->schema());
      if (chance(33)) a.condition = *gen_filter(m.table, "", true);
      break;
    case WriteKind::kUpdate: {
      const oracle::NUpdateRequest r = *gen_update_request(m.table);
      a.item = r.key;
      a.update = r.update;
      a.condition = r.condition;
      break;
    }
    case WriteKind::kDelete:
    case WriteKind::kConditionCheck: {
      const DeleteSpec d = *gen_delete_spec(m.table);
      a.item = d.key;
      // A Delete's condition half as often as gen_delete_spec's, so that
      // more transactions apply.
      if (a.kind == WriteKind::kConditionCheck || chance(50)) a.condition = d.condition;
      if (a.kind == WriteKind::kConditionCheck && !a.condition && chance(90)) {
        a.condition = *gen_filter(m.table, "", true);
      }
      break;
    }
  }
  a.old_on_failure = chance(50);
  if (chance(8)) a.condition = surely_false_condition(*m.table, tx_target(m, a));
  return a;
}

bool tx_same_target(const std::vector<std::pair<std::string, NItem>>& seen,
                    const std::string& table, const NItem& key) {
  for (const auto& [t, k] : seen) {
    if (t == table && oracle::naive_items_equal(k, key)) return true;
  }
  return false;
}

const NamedModel& tx_pick(const std::vector<NamedModel>& tables) {
  return tables[uniform_index(tables.size())];
}

// One to three distinct top-level names: key attributes and others.
std::vector<oracle::NPath> tx_draw_projection(const oracle::NSchema& schema) {
  std::vector<std::string> names = value_attribute_names();
  for (const oracle::NKey& k : oracle::naive_table_keys(schema)) names.push_back(k.name);
  std::vector<oracle::NPath> out;
  const int n = *rc::gen::inRange(1, 4);
  for (int i = 0; i < n; ++i) {
    const std::string name = *rc::gen::elementOf(names);
    bool again = false;
    for (const oracle::NPath& p : out) again = again || p[0].name == name;
    if (again) continue;
    oracle::NStep s;
    s.name = name;
    out.push_back({s});
  }
  return out;
}

}  // namespace

oracle::NCond surely_false_condition(const oracle::NaiveTable& table, const oracle::NItem& key) {
  NCond c;
  c.op = table.get(key) ? NCond::Op::kNotExists : NCond::Op::kExists;
  oracle::NOperand path;
  path.kind = oracle::NOperand::Kind::kPath;
  oracle::NStep step;
  step.name = table.schema().pk.name;
  path.path.push_back(std::move(step));
  c.args.push_back(std::move(path));
  return c;
}

rc::Gen<std::vector<NTxWrite>> gen_transact_writes(std::vector<NamedModel> tables) {
  return rc::gen::exec([tables] {
    std::vector<NTxWrite> out;
    if (chance(2)) return out;
    const int n = *rc::gen::inRange(1, 5);
    std::vector<std::pair<std::string, NItem>> seen;
    for (int i = 0; i < n; ++i) {
      const NamedModel& m = tx_pick(tables);
      NTxWrite a = tx_draw_action(m);
      if (!seen.empty() && chance(12)) {
        // Two actions on one item: an earlier action's key (of this table if any).
        const auto& [table, key] = seen[uniform_index(seen.size())];
        for (const NamedModel& t : tables) {
          if (t.name == table) a = tx_draw_action(t);
        }
        a.item = a.kind == WriteKind::kPut ? tx_with_key(a.item, key) : key;
      } else {
        for (int tries = 0; tries < 8 && tx_same_target(seen, a.table, tx_target(m, a)); ++tries) {
          a = tx_draw_action(m);
        }
      }
      for (const NamedModel& t : tables) {
        if (t.name == a.table) seen.emplace_back(a.table, tx_target(t, a));
      }
      out.push_back(std::move(a));
    }
    return out;
  });
}

rc::Gen<std::vector<oracle::NTxGet>> gen_transact_gets(std::vector<NamedModel> tables) {
  return rc::gen::exec([tables] {
    std::vector<oracle::NTxGet> out;
    const int n = *rc::gen::inRange(1, 5);
    std::vector<std::pair<std::string, NItem>> seen;
    for (int i = 0; i < n; ++i) {
      oracle::NTxGet g;
      if (!out.empty() && chance(10)) {
        g = out[uniform_index(out.size())];
      } else {
        const NamedModel& m = tx_pick(tables);
        g.table = m.name;
        g.key = *gen_table_key(m.table);
        for (int tries = 0; tries < 8 && tx_same_target(seen, g.table, g.key); ++tries) {
          g.key = *gen_table_key(m.table);
        }
        if (chance(30)) g.projection = tx_draw_projection(m.table->schema());
      }
      seen.emplace_back(g.table, g.key);
      out.push_back(std::move(g));
    }
    return out;
  });
}

rc::Gen<std::map<std::string, oracle::NBatchGetTable>> gen_batch_get(
    std::vector<NamedModel> tables) {
  return rc::gen::exec([tables] {
    std::map<std::string, oracle::NBatchGetTable> out;
    const std::size_t first = uniform_index(tables.size());
    for (std::size_t t = 0; t < tables.size(); ++t) {
      if (t != first && chance(50)) continue;
      const NamedModel& m = tables[t];
      oracle::NBatchGetTable r;
      const int n = *rc::gen::inRange(1, 5);
      for (int i = 0; i < n; ++i) {
        if (!r.keys.empty() && chance(10)) {
          r.keys.push_back(r.keys[uniform_index(r.keys.size())]);
          continue;
        }
        NItem key = *gen_table_key(m.table);
        for (int tries = 0; tries < 8; ++tries) {
          bool again = false;
          for (const NItem& k : r.keys) again = again || oracle::naive_items_equal(k, key);
          if (!again) break;
          key = *gen_table_key(m.table);
        }
        r.keys.push_back(std::move(key));
      }
      if (chance(30)) r.projection = tx_draw_projection(m.table->schema());
      r.consistent = chance(50);
      out.emplace(m.name, std::move(r));
    }
    return out;
  });
}

}  // namespace sortkey::props
