// File: design/store.h
//
// Where a design check keeps its items: the writes and reads the check makes,
// behind one interface, so that the same properties run against the
// in-memory model (InMemoryStore, over sortkey::Table) and, later, a live
// DynamoDB-compatible table set up from the design. Every call answers as
// DynamoDB would, errors included, as a Result.

#ifndef SORTKEY_DESIGN_STORE_H_
#define SORTKEY_DESIGN_STORE_H_

#include <memory>
#include <string>

#include "design/design.h"
#include "sortkey/error.h"
#include "sortkey/table.h"

namespace sortkey::design {

class Store {
 public:
  virtual ~Store() = default;
  // What the reports call it: "the in-memory model".
  virtual std::string name() const = 0;
  virtual Result<void> put(const Item& item) = 0;
  virtual Result<void> update(const Item& key, const ItemUpdate& update) = 0;
  virtual Result<Page> query(const QueryRequest& request) = 0;
  virtual Result<Page> scan(const ScanRequest& request) = 0;
};

// A fresh, empty table of the design in sortkey's in-memory model.
// Errors: the model's refusal of the schema (the loader has checked it).
Result<std::unique_ptr<Store>> open_in_memory_store(const Design& design);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_STORE_H_
