// File: dynamodb/tables.h
//
// The tables sortkey makes on an endpoint, and only those: a TableManager
// creates tables named `sortkey-cert-<run>-<n>`, remembers them and deletes
// only them; no other table name is ever written, read or deleted through
// it. delete_items deletes items of one of them.
//
// Example:
//   TableManager tables(client, "3f2a91c0");
//   Result<std::string> name = tables.create(schema);  // sortkey-cert-3f2a91c0-1
//   ...
//   std::vector<std::string> failed = tables.drop_all();

#ifndef SORTKEY_DYNAMODB_TABLES_H_
#define SORTKEY_DYNAMODB_TABLES_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dynamodb/client.h"
#include "sortkey/error.h"
#include "sortkey/table.h"

namespace sortkey::dynamodb {

// The table prefix: the only tables sortkey ever creates or deletes.
inline constexpr std::string_view kTablePrefix = "sortkey-cert-";

class TableManager {
 public:
  // `run_id`: a random tag, so that concurrent runs never share a name.
  TableManager(DynamoDbClient& client, std::string run_id)
      : client_(client), run_id_(std::move(run_id)) {}

  // Creates a fresh table of `schema` (table_definition) and waits (up to `wait_ms`) until it and
  // its indexes are ACTIVE. Errors: the endpoint refused the table (with its message), or it did
  // not become ACTIVE in time. Throws TransportError.
  Result<std::string> create(const TableSchema& schema, int wait_ms = 60000);
  // Deletes one table this manager created; false for any other name, and
  // for every name once keep_all() was called.
  bool drop(const std::string& name);
  void keep_all() { keep_ = true; }
  std::vector<std::string> names() const { return {live_.begin(), live_.end()}; }
  // Deletes every table still held; returns "name: why" for each failure.
  std::vector<std::string> drop_all();
  bool owns(const std::string& name) const { return live_.contains(name); }
  std::size_t created_count() const { return counter_; }
  std::string probe_name() const { return std::string(kTablePrefix) + run_id_ + "-probe"; }
  // The endpoint's refusal of the last create() that returned an error for
  // it (an API error answer); nullopt when that create() succeeded or failed
  // otherwise (a table not ACTIVE in time).
  const std::optional<ApiError>& last_refusal() const { return last_refusal_; }

 private:
  DynamoDbClient& client_;
  std::string run_id_;
  std::size_t counter_ = 0;
  std::set<std::string> live_;
  std::optional<ApiError> last_refusal_;
  bool keep_ = false;
};

// CreateTable's parameters for `schema`, but the TableName: on demand
// (PAY_PER_REQUEST), every key attribute defined once, each index a global
// secondary index with its projection, each local index a local secondary
// index (the table's partition key, its sort attribute) with its projection.
nlohmann::json table_definition(const TableSchema& schema);

// Deletes the items of `table` whose keys are `keys` (DynamoDB JSON), with
// BatchWriteItem, 25 at a time, unprocessed items retried. Throws
// TransportError (kProtocol when a delete is refused).
void delete_items(DynamoDbClient& client, const std::string& table,
                  const std::vector<nlohmann::json>& keys);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_TABLES_H_
