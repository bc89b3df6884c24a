// File: design/items.h
//
// From entities to items, and from an access pattern to the request it
// sends: the key templates rendered through the codecs, the attributes
// stored in their DynamoDB form (design/values.h), a key that exists only
// when its condition holds left out; a population loaded into a store in
// its order, later entities overwriting earlier ones with the same primary
// key, as DynamoDB's PutItem does; a pattern's parameters put into its key
// condition (sortkey/expression_builder.h) and its filter.
//
// Example:
//
//   auto item = build_item(design, entity);   // {"PK":{"S":"ORG#ACME"}, "SK":..., "org_name":...}
//   auto loaded = load_population(design, population, *store);
//   auto request = pattern_request(design, pattern, params);
//   request->json;                            // the request as an SDK would send it

#ifndef SORTKEY_DESIGN_ITEMS_H_
#define SORTKEY_DESIGN_ITEMS_H_

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "design/design.h"
#include "design/population.h"
#include "design/store.h"
#include "design/template.h"
#include "sortkey/error.h"
#include "sortkey/expression_builder.h"

namespace sortkey::design {

// The values of `e`'s attributes for a template's references (template.h
// render). REQUIRES: `e` outlives the resolver.
Resolver entity_resolver(const Entity& e);

// The item of `e`. Errors: a template the codecs refuse for a value, in the
// words "User{...}: SK: {user_name:upper}: empty at byte 0: ...".
Result<Item> build_item(const Design& design, const Entity& e);

// The item of `e` with every key that builds, and the keys that do not, each
// with build_item's error for it. An item without the table's key is never
// put (load_population); one without an index key is put without it.
struct PartialItem {
  Item item;
  std::vector<std::pair<std::string, Error>> unbuilt;  // (key attribute, why)
};
PartialItem build_partial_item(const Design& design, const Entity& e);

// The key attributes a check of `index` ("" for the table) reads: the
// table's key, and the index's.
std::vector<std::string> keys_read(const Design& design, const std::string& index);

// The first key among `needed` that some entity of `population` cannot
// build, as build_item's error for it; none when every one builds.
std::optional<Error> unbuilt_key(const Design& design, const Population& population,
                                 const std::vector<std::string>& needed);

// The table key of an item. REQUIRES: the item has it.
Item primary_key(const Design& design, const Item& item);

// What a store holds after the population was put, entity by entity.
struct Loaded {
  std::vector<Item> items;                   // one per entity, in population order (partial)
  std::map<std::string, std::size_t> owner;  // to_json(primary key) -> the entity stored there
};

// Builds every item and puts it, each with the keys that build
// (build_partial_item); an entity whose table key does not build is left
// out. Errors: a put the store refuses ("User{...}: the table refuses the
// item: ...").
Result<Loaded> load_population(const Design& design, const Population& population, Store& store);

// A fresh store of `stores` with a population put into it.
struct LoadedStore {
  std::unique_ptr<Store> store;
  Loaded loaded;
};
// Errors: the store's (it cannot be set up or emptied) and load_population's.
Result<LoadedStore> open_loaded(StoreSource& stores, const Design& design,
                                const Population& population);

// The most pages the check reads of one request: a store that never stops
// paging is a failure, not a hang.
inline constexpr int kMaxPages = 100000;

// The most pages one read of a store holding `items` items can take. Each
// page but the last evaluates at least one item (it stops at its Limit of
// items evaluated, or at 1 MB, which holds at least one item of 400 KB) [AWS
// API Query and Scan: Limit, LastEvaluatedKey]; four times that, and some, leaves
// room for a store that pages differently and still stops an endpoint that
// answers every page with a new key (it drove over a million Queries before).
inline int max_pages_for(std::size_t items) {
  return static_cast<int>(std::min<std::size_t>(4 * items + 64, kMaxPages));
}

// The error of a read that took max_pages_for(items) pages and went on.
Error endless_pages(int pages, std::size_t items);

// A pattern's request with its parameters in place.
struct Request {
  bool scan = false;
  QueryRequest query;
  ScanRequest scan_request;
  KeyQuery key;      // a Query's key condition with the parameters' values in place
  std::string json;  // as an SDK sends it: TableName, IndexName, expressions, values, Limit
};

// Errors: a parameter the codecs refuse ("{org}: empty at byte 0"), a key
// condition the builder refuses (BETWEEN bounds out of order).
Result<Request> pattern_request(const Design& design, const Pattern& pattern, const Params& params,
                                std::optional<int> limit);

// The parameters' values, for messages: "org = \"ACME\", from = 2019-07-01T00:00:00Z";
// "(none)".
std::string show_params(const Design& design, const Pattern& pattern, const Params& params);

// The entity whose item an answer holds (by its table key), or nullopt.
std::optional<std::size_t> owner_of(const Design& design, const Loaded& loaded, const Item& item);

// The key attributes of an item (table and index keys), for messages:
// {"PK":{"S":"ORG#ACME"},"SK":{"S":"USER#ANN"}}.
std::string show_keys(const Design& design, const Item& item);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_ITEMS_H_
