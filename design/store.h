// File: design/store.h
//
// Where a design check keeps its items: the writes and reads the check makes,
// behind one interface, so that the same properties run against the
// in-memory model (InMemoryStore, over sortkey::Table) and a live
// DynamoDB-compatible table set up from the design (design/endpoint_store.h).
// Every call answers as DynamoDB would, errors included, as a Result.
//
// A StoreSource hands a property the empty store of each case: a fresh
// in-memory table, or the endpoint's one table emptied. A store is used
// before the next one is opened: the properties open one at a time.

#ifndef SORTKEY_DESIGN_STORE_H_
#define SORTKEY_DESIGN_STORE_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "design/design.h"
#include "sortkey/error.h"
#include "sortkey/table.h"
#include "sortkey/transaction.h"
#include "sortkey/update.h"

namespace sortkey::design {

class Store {
 public:
  virtual ~Store() = default;
  // What the reports call it: "the in-memory model".
  virtual std::string name() const = 0;
  virtual Result<void> put(const Item& item) = 0;
  virtual Result<void> update(const Item& key, const ItemUpdate& update) = 0;
  // UpdateItem with its UpdateExpression, ConditionExpression and
  // ReturnValues (sortkey/update.h); a false condition is
  // WriteOutcome::condition_failed, not an error.
  virtual Result<WriteOutcome> update_item(const UpdateItemRequest& request) = 0;
  // PutItem with a ConditionExpression: whether the item was written
  // (sortkey/table.h, put_if).
  virtual Result<bool> put_if(const Item& item, const std::string& condition,
                              const ExpressionAttributes& attributes) = 0;
  // DeleteItem with an optional ConditionExpression.
  virtual Result<WriteOutcome> delete_item(const DeleteItemRequest& request) = 0;
  // TransactWriteItems on this store's one table: each action's `table` is
  // ignored (sortkey/transaction.h). A cancellation is
  // TransactWriteOutcome::cancelled with its reasons, not an error.
  virtual Result<TransactWriteOutcome> transact_write(
      const std::vector<TransactWriteAction>& actions) = 0;
  virtual Result<Page> query(const QueryRequest& request) = 0;
  virtual Result<Page> scan(const ScanRequest& request) = 0;
};

// A fresh, empty table of the design in sortkey's in-memory model.
// Errors: the model's refusal of the schema (the loader has checked it).
Result<std::unique_ptr<Store>> open_in_memory_store(const Design& design);

class StoreSource {
 public:
  virtual ~StoreSource() = default;
  // What the check runs against when it is not the in-memory model, for the
  // header and the verdict ("endpoint http://127.0.0.1:8000"); "" for the model.
  virtual std::string against() const { return {}; }
  // The check's arguments that select this source again ("--endpoint URL").
  virtual std::string replay_args() const { return {}; }
  // A store of the design that holds no item. Errors: the store cannot be
  // set up or emptied (then fatal() may say the check cannot go on).
  virtual Result<std::unique_ptr<Store>> open(const Design& design) = 0;
  // Why the check cannot go on (an endpoint unreachable, interrupted), once
  // it cannot; a property's failure after it is not the design's.
  virtual std::optional<std::string> fatal() const { return std::nullopt; }
  // The closing note (requests sent, tables made); "" for none.
  virtual std::string summary(double seconds) {
    (void)seconds;
    return {};
  }
  // Ends the source (deletes what it made); the lines for stderr. Idempotent.
  virtual std::vector<std::string> close() { return {}; }
};

// Every store a fresh in-memory table.
std::shared_ptr<StoreSource> in_memory_source();

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_STORE_H_
