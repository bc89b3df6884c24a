// put_if and batch_write (sortkey/table.h), on the table's public operations only.

#include <optional>
#include <set>
#include <string>
#include <utility>

#include "sortkey/table.h"

namespace sortkey {
namespace {

// The table key attributes of `item` (those it has).
Item key_of(const Table& table, const Item& item) {
  Item key;
  const TableSchema& schema = table.schema();
  for (const std::string* name :
       {&schema.partition_key.name, schema.sort_key ? &schema.sort_key->name : nullptr}) {
    if (name == nullptr) continue;
    if (auto it = item.find(*name); it != item.end()) key.insert(*it);
  }
  return key;
}

}  // namespace

Result<bool> put_if(Table& table, Item item, std::string_view condition,
                    const ExpressionAttributes& attributes) {
  ExpressionUses uses;
  auto c = parse_condition(condition, ExpressionKind::kCondition, attributes, &uses);
  if (!c) return c.error();
  if (auto ok = check_all_used(attributes, uses); !ok) return ok.error();
  const Item key = key_of(table, item);
  // An invalid item is refused before the condition is read: put() is the
  // one statement of what a valid item is, so the write goes first and is
  // undone when the condition does not hold.
  std::optional<Item> before;
  if (auto held = table.get(key); held) before = std::move(*held);
  const bool holds = evaluate(*c, before.value_or(Item{}));
  if (auto ok = table.put(std::move(item)); !ok) return ok.error();
  if (holds) return true;
  if (before) {
    if (auto ok = table.put(std::move(*before)); !ok) return ok.error();
  } else if (auto gone = table.delete_item(key); !gone) {
    return gone.error();
  }
  return false;
}

Result<void> batch_write(Table& table, std::vector<Item> puts, std::vector<Item> deletes) {
  if (puts.size() + deletes.size() > 25) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      "1 validation error detected: Value at 'requestItems' failed to satisfy "
                      "constraint: Map value must satisfy constraint: [Member must have length "
                      "less than or equal to 25]");
  }
  // Every request checked on an empty table of the same schema first:
  // whether a put or a key is valid does not depend on what the table holds.
  auto scratch = Table::create(table.schema());
  if (!scratch) return scratch.error();
  std::set<std::string> keys;
  for (const Item& item : puts) {
    if (auto ok = scratch->put(item); !ok) return ok.error();
    keys.insert(to_json(key_of(table, item)));
  }
  for (const Item& key : deletes) {
    if (auto ok = scratch->delete_item(key); !ok) return ok.error();
    keys.insert(to_json(key));
  }
  if (keys.size() != puts.size() + deletes.size()) {
    return make_error(ErrorCode::kBadParameter, 0,
                      "Provided list of item keys contains duplicates");
  }
  for (Item& item : puts) {
    if (auto ok = table.put(std::move(item)); !ok) return ok.error();
  }
  for (const Item& key : deletes) {
    if (auto ok = table.delete_item(key); !ok) return ok.error();
  }
  return {};
}

}  // namespace sortkey
