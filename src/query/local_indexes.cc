#include "src/query/local_indexes.h"

#include <fmt/format.h>

#include <algorithm>

namespace sortkey::internal {
namespace {

Error local_index_invalid(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

std::set<std::string, std::less<>> names_of(const std::vector<KeyAttribute>& attrs) {
  std::set<std::string, std::less<>> out;
  for (const KeyAttribute& a : attrs) out.insert(a.name);
  return out;
}

}  // namespace

Result<void> check_local_indexes(const TableSchema& schema,
                                 std::set<std::string, std::less<>>& index_names,
                                 const std::function<Result<void>(const KeyAttribute&)>& define) {
  if (schema.local_indexes.empty()) return {};
  if (!schema.sort_key) {
    return local_index_invalid(
        "One or more parameter values were invalid: Table KeySchema does not have a range key, "
        "which is required when specifying a LocalSecondaryIndex");
  }
  if (schema.local_indexes.size() > kMaxLocalIndexes) {
    return local_index_invalid(
        fmt::format("One or more parameter values were invalid: Number of LocalSecondaryIndexes "
                    "exceeds per-table limit of {}",
                    kMaxLocalIndexes));
  }
  for (const LocalIndexSchema& index : schema.local_indexes) {
    if (index.name.empty() || !index_names.insert(index.name).second) {
      return local_index_invalid(fmt::format(
          "One or more parameter values were invalid: Duplicate index name: {}", index.name));
    }
    if (auto ok = define(index.sort_key); !ok) return ok;
    if (index.sort_key.name == schema.partition_key.name) {
      return local_index_invalid(
          "Both the Hash Key and the Range Key element in the KeySchema have the same name");
    }
    if (index.projection.type != ProjectionType::kInclude &&
        !index.projection.non_key_attributes.empty()) {
      return local_index_invalid(fmt::format(
          "One or more parameter values were invalid: ProjectionType is {} but "
          "NonKeyAttributes is specified in index {}",
          index.projection.type == ProjectionType::kAll ? "ALL" : "KEYS_ONLY", index.name));
    }
  }
  return {};
}

std::vector<IndexSchema> all_indexes(const TableSchema& schema) {
  std::vector<IndexSchema> out = schema.indexes;
  for (const LocalIndexSchema& local : schema.local_indexes)
    out.push_back(
        IndexSchema{local.name, {schema.partition_key}, {local.sort_key}, local.projection});
  return out;
}

bool fetches_from_table(const IndexSchema& index, const std::vector<KeyAttribute>& table_key,
                        Select select, const std::optional<std::vector<DocumentPath>>& paths) {
  if (index.projection.type == ProjectionType::kAll) return false;
  if (select == Select::kAllAttributes) return true;
  if (!paths) return false;
  std::set<std::string, std::less<>> projected = names_of(table_key);
  for (const KeyAttribute& a : index.sort_key) projected.insert(a.name);
  for (const std::string& name : index.projection.non_key_attributes) projected.insert(name);
  return std::any_of(paths->begin(), paths->end(),
                     [&](const DocumentPath& p) { return !projected.contains(p.front().name); });
}

void fetch_from_table(Page& page, const std::vector<KeyAttribute>& table_key, bool consistent,
                      const std::function<const StoredItem*(const Item&)>& find) {
  const std::set<std::string, std::less<>> keys = names_of(table_key);
  for (StoredItem& entry : page.items) {
    entry = *find(entry.select(keys));
    page.consumed_capacity += read_capacity_units(entry.item_size(), consistent);
  }
}

}  // namespace sortkey::internal
