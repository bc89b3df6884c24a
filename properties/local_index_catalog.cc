// The catalog's entries for local secondary indexes
// (props/local_index_props.h): CreateTable's refusals, and the reads that
// fetch from the table what the index does not project.

#include <fmt/format.h>

#include "properties/catalog.h"
#include "properties/gen/query_gen.h"
#include "properties/props/local_index_props.h"
#include "properties/props/query_props.h"

namespace sortkey::props {
namespace {

using oracle::NIndex;
using oracle::NItem;
using oracle::NSchema;

// The schema's first local index, added (on the table's sort key) when it
// has none. REQUIRES: schema.sk.
NIndex& some_local_index(NSchema& schema) {
  for (NIndex& i : schema.indexes) {
    if (i.local) return i;
  }
  NIndex lsi{"lsi1", {schema.pk}, {*schema.sk}, NIndex::Projection::kAll, {}};
  lsi.local = true;
  schema.indexes.push_back(std::move(lsi));
  return schema.indexes.back();
}

// A generated schema with one of CreateTable's LSI faults planted (kind 0:
// none), and the reference's words for it (the reference on writes,
// section 6.1).
std::string plant_local_index_fault(NSchema& schema, int kind) {
  if (!schema.sk) schema.sk = oracle::NKey{"sk", oracle::NValue::T::S};
  NIndex& lsi = some_local_index(schema);
  switch (kind) {
    case 1:
      schema.sk.reset();
      return "Table KeySchema does not have a range key, which is required when specifying a "
             "LocalSecondaryIndex";
    case 2: {
      const NIndex copy = lsi;
      std::size_t locals = 0;
      for (const NIndex& i : schema.indexes) locals += i.local ? 1 : 0;
      for (std::size_t n = locals; n < 6; ++n) {
        schema.indexes.push_back(copy);
        schema.indexes.back().name = fmt::format("lsi_extra{}", n);
      }
      return "Number of LocalSecondaryIndexes exceeds per-table limit of 5";
    }
    case 3:
      lsi.name = schema.indexes.front().name == lsi.name ? schema.indexes.back().name
                                                         : schema.indexes.front().name;
      return "Duplicate index name: " + lsi.name;
    case 4:
      lsi.sk = {schema.pk};
      return "Both the Hash Key and the Range Key element in the KeySchema have the same name";
    default:
      return "";
  }
}

// A table with local indexes and its model, loaded with generated items.
struct LocalIndexLoad {
  oracle::NaiveTable model;
  Table table;
};

LocalIndexLoad load_local_index_table() {
  NSchema schema = *gen_query_schema();
  if (!schema.sk) schema.sk = oracle::NKey{"sk", oracle::NValue::T::S};
  some_local_index(schema);
  auto table = Table::create(to_engine(schema));
  RC_ASSERT(table.has_value());
  LocalIndexLoad l{oracle::NaiveTable(schema), std::move(*table)};
  const int n = *rc::gen::inRange(0, 31);
  for (int i = 0; i < n; ++i) {
    const NItem item = *gen_item(schema);
    const bool want = l.model.put(item);
    rc_require(check_write_verdict(l.table.put(to_engine(item)), want));
  }
  return l;
}

}  // namespace

void add_local_index_properties(Catalog& c) {
  c.add("query", "local_index_schemas",
        "CreateTable with local secondary indexes: accepted as the oracle accepts it, and "
        "refused in the reference's words for a table without a sort key, a sixth local index, "
        "an index name used twice among GSIs and LSIs, an LSI sorted by the partition key",
        [] {
          NSchema schema = *gen_query_schema();
          const int kind = *rc::gen::inRange(0, 5);
          RC_TAG(kind);
          const std::string want = plant_local_index_fault(schema, kind);
          rc_require(check_local_index_schema(schema, want));
        });
  c.add("query", "local_index_fetch",
        "a Query of a local secondary index with Select ALL_ATTRIBUTES or a ProjectionExpression "
        "returns the table's items (projected) when it names what the index does not project, "
        "the entries otherwise, and costs the entries read plus a table read, rounded up to "
        "4 KB, per item fetched, strongly consistent or not",
        [] {
          LocalIndexLoad l = load_local_index_table();
          if (l.model.items().empty()) RC_DISCARD("no item");
          std::vector<const NIndex*> locals;
          for (const NIndex& i : l.model.schema().indexes) {
            if (i.local) locals.push_back(&i);
          }
          const NIndex& index = **rc::gen::elementOf(locals);
          const NItem& some = *rc::gen::elementOf(l.model.items());
          std::vector<std::string> pool = {l.model.schema().pk.name, l.model.schema().sk->name,
                                           index.sk.front().name};
          for (const std::string& n : value_attribute_names()) pool.push_back(n);
          std::vector<std::string> names;
          if (chance(75)) {
            for (const std::string& n : pool) {
              if (chance(30) && std::find(names.begin(), names.end(), n) == names.end())
                names.push_back(n);
            }
            if (names.empty()) names.push_back(*rc::gen::elementOf(pool));
          }
          const bool fetches = oracle::naive_fetches(l.model.schema(), index, names.empty(), names);
          RC_CLASSIFY(fetches, "fetches from the table");
          const bool consistent = *rc::gen::arbitrary<bool>();
          rc_require(check_local_index_projection(
              l.model, l.table, index.name, *oracle::naive_get(some, l.model.schema().pk.name),
              names, consistent));
        });
}

}  // namespace sortkey::props
