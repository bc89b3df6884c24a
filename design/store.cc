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
  Result<Page> query(const QueryRequest& request) override { return table_.query(request); }
  Result<Page> scan(const ScanRequest& request) override { return table_.scan(request); }

 private:
  Table table_;
};

}  // namespace

Result<std::unique_ptr<Store>> open_in_memory_store(const Design& design) {
  auto table = Table::create(design.schema);
  if (!table) return table.error();
  return std::unique_ptr<Store>(std::make_unique<InMemoryStore>(std::move(*table)));
}

}  // namespace sortkey::design
