#include "design/store.h"

namespace sortkey::design {
namespace {

class InMemoryStore final : public Store {
 public:
  explicit InMemoryStore(Table table) : table_(std::move(table)) {}
  std::string name() const override { return "the in-memory model"; }
  Result<void> put(const Item& item) override { return table_.put(item); }
  Result<void> update(const Item& key, const ItemUpdate& update) override {
    return table_.update(key, update);
  }
  Result<WriteOutcome> update_item(const UpdateItemRequest& request) override {
    return sortkey::update_item(table_, request);
  }
  Result<bool> put_if(const Item& item, const std::string& condition,
                      const ExpressionAttributes& attributes) override {
    return sortkey::put_if(table_, item, condition, attributes);
  }
  Result<WriteOutcome> delete_item(const DeleteItemRequest& request) override {
    return sortkey::delete_item(table_, request);
  }
  Result<TransactWriteOutcome> transact_write(
      const std::vector<TransactWriteAction>& actions) override {
    std::vector<TransactWriteAction> named = actions;
    for (TransactWriteAction& a : named) a.table = kName;
    return sortkey::transact_write(TableSet{{kName, &table_}}, named);
  }
  Result<Page> query(const QueryRequest& request) override { return table_.query(request); }
  Result<Page> scan(const ScanRequest& request) override { return table_.scan(request); }

 private:
  static constexpr const char* kName = "design";
  Table table_;
};

class InMemorySource final : public StoreSource {
 public:
  Result<std::unique_ptr<Store>> open(const Design& design) override {
    return open_in_memory_store(design);
  }
};

}  // namespace

std::shared_ptr<StoreSource> in_memory_source() { return std::make_shared<InMemorySource>(); }

Result<std::unique_ptr<Store>> open_in_memory_store(const Design& design) {
  auto table = Table::create(design.schema);
  if (!table) return table.error();
  return std::unique_ptr<Store>(std::make_unique<InMemoryStore>(std::move(*table)));
}

}  // namespace sortkey::design
