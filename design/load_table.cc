// The design loader's `table:` section: the table's name, its key
// attributes, its global and local indexes with their projections, checked
// by the table itself (Table::create).
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

Result<Projection> Loader::read_projection(const Node& n) const {
  Projection p;
  if (!n) return p;
  if (n.j->is_array()) {
    auto entries = list(n, kMaxProjected);
    if (!entries) return entries.error();
    if (entries->empty()) return fail(n, "names no attribute: write keys_only");
    p.type = ProjectionType::kInclude;
    for (const Node& e : *entries) {
      auto s = name(e);
      if (!s) return s.error();
      p.non_key_attributes.push_back(*s);
    }
    return p;
  }
  auto t = text(n);
  if (!t) return t.error();
  if (*t == "all") return p;
  if (*t == "keys_only") {
    p.type = ProjectionType::kKeysOnly;
    return p;
  }
  return fail(n, fmt::format("must be all, keys_only or a list of attributes, not \"{}\"", *t));
}

Result<void> Loader::read_index(const Node& e, bool local, Design& d) const {
  if (local) {
    if (auto ok = object(e, {"name", "sort_key", "projection", "holds"}); !ok) return ok;
  } else if (auto ok = object(e, {"name", "partition_key", "sort_key", "projection", "holds"});
             !ok) {
    return ok;
  }
  IndexDesign index;
  index.local = local;
  const Node nm = child(e, "name");
  auto s = name(nm);
  if (!s) return s.error();
  if (d.index(*s) != nullptr) {
    return fail(nm, fmt::format("{} names another index too: global and local indexes share one "
                                "set of names (DynamoDB: Duplicate index name)",
                                *s));
  }
  index.schema.name = *s;
  auto projection = read_projection(child(e, "projection"));
  if (!projection) return projection.error();
  index.schema.projection = std::move(*projection);
  if (local) {
    // An LSI keeps the table's partition key; its one sort-key attribute
    // orders each partition another way (AWS DG "Local secondary indexes").
    const Node isk = child(e, "sort_key");
    if (auto ok = needed(isk); !ok) return ok;
    if (isk.j->is_array()) return fail(isk, "a local index has one sort-key attribute, not a list");
    auto k = key_attribute(isk);
    if (!k) return k.error();
    if (k->name == d.schema.partition_key.name) {
      return fail(isk, fmt::format("{} is the table's partition key: a local index sorts its "
                                   "partitions by another attribute",
                                   k->name));
    }
    index.schema.partition_key = {d.schema.partition_key};
    index.schema.sort_key = {*k};
    d.schema.local_indexes.push_back(
        LocalIndexSchema{index.schema.name, *k, index.schema.projection});
    d.indexes.push_back(std::move(index));
    return {};
  }
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
  return {};
}

Result<void> Loader::read_table(const Node& n, Design& d) const {
  if (auto ok = needed(n); !ok) return ok;
  if (auto ok = object(n, {"name", "partition_key", "sort_key", "indexes", "local_indexes"}); !ok)
    return ok;
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
      if (auto ok = read_index(e, false, d); !ok) return ok;
    }
  }
  if (const Node lx = child(n, "local_indexes")) {
    if (!d.schema.sort_key) {
      return fail(lx,
                  "the table has no sort_key, and only a table with one has local indexes "
                  "(DynamoDB: Table KeySchema does not have a range key, which is required "
                  "when specifying a LocalSecondaryIndex)");
    }
    if (lx.j->is_array() && lx.j->size() > kMaxLocalIndexes) {
      return fail(lx, fmt::format("has {} local indexes, more than DynamoDB's limit of {} a table",
                                  lx.j->size(), kMaxLocalIndexes));
    }
    auto entries = list(lx, kMaxLocalIndexes);
    if (!entries) return entries.error();
    for (const Node& e : *entries) {
      if (auto ok = read_index(e, true, d); !ok) return ok;
    }
  }
  if (auto t = Table::create(d.schema); !t) return fail(n, t.error().message);
  return {};
}

}  // namespace sortkey::design::load_internal
