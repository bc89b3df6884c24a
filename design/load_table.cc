// The design loader's `table:` section: the table's name, its key
// attributes and its indexes, checked by the table itself (Table::create).
#include <fmt/format.h>

#include "design/load.h"
#include "design/load_internal.h"
#include "sortkey/table.h"

namespace sortkey::design::load_internal {

Result<KeyAttribute> Loader::key_attribute(const Node& n) const {
  if (n.j->is_string()) {
    auto s = name(n);
    if (!s) return s.error();
    return KeyAttribute{*s, AttributeType::kS};
  }
  if (auto ok = object(n, {"name", "type"}); !ok) return ok.error();
  auto s = name(child(n, "name"));
  if (!s) return s.error();
  KeyAttribute k{*s, AttributeType::kS};
  if (const Node t = child(n, "type")) {
    auto type = text(t);
    if (!type) return type.error();
    if (*type != "S" && *type != "N")
      return fail(t, fmt::format("must be S or N, not \"{}\"", *type));
    k.type = *type == "N" ? AttributeType::kN : AttributeType::kS;
  }
  return k;
}

Result<std::vector<KeyAttribute>> Loader::key_attributes(const Node& n) const {
  std::vector<KeyAttribute> out;
  if (!n.j->is_array()) {
    auto k = key_attribute(n);
    if (!k) return k.error();
    out.push_back(*k);
    return out;
  }
  auto entries = list(n, kMaxKeyAttributes);
  if (!entries) return entries.error();
  if (entries->empty()) return fail(n, "names no attribute");
  for (const Node& e : *entries) {
    auto k = key_attribute(e);
    if (!k) return k.error();
    out.push_back(*k);
  }
  return out;
}

Result<void> Loader::read_table(const Node& n, Design& d) const {
  if (auto ok = needed(n); !ok) return ok;
  if (auto ok = object(n, {"name", "partition_key", "sort_key", "indexes"}); !ok) return ok;
  if (const Node t = child(n, "name")) {
    auto s = name(t);
    if (!s) return s.error();
    d.table_name = *s;
  }
  const Node pk = child(n, "partition_key");
  if (auto ok = needed(pk); !ok) return ok;
  auto k = key_attribute(pk);
  if (!k) return k.error();
  d.schema.partition_key = *k;
  if (const Node sk = child(n, "sort_key")) {
    auto s = key_attribute(sk);
    if (!s) return s.error();
    d.schema.sort_key = *s;
  }
  if (const Node ix = child(n, "indexes")) {
    auto entries = list(ix, kMaxIndexes);
    if (!entries) return entries.error();
    for (const Node& e : *entries) {
      if (auto ok = object(e, {"name", "partition_key", "sort_key", "holds"}); !ok) return ok;
      IndexDesign index;
      auto s = name(child(e, "name"));
      if (!s) return s.error();
      index.schema.name = *s;
      const Node ipk = child(e, "partition_key");
      if (auto ok = needed(ipk); !ok) return ok;
      auto p = key_attributes(ipk);
      if (!p) return p.error();
      index.schema.partition_key = *p;
      if (const Node isk = child(e, "sort_key")) {
        auto q = key_attributes(isk);
        if (!q) return q.error();
        index.schema.sort_key = *q;
      }
      d.schema.indexes.push_back(index.schema);
      d.indexes.push_back(std::move(index));
    }
  }
  if (auto t = Table::create(d.schema); !t) return fail(n, t.error().message);
  return {};
}

}  // namespace sortkey::design::load_internal
