#include "properties/props/local_index_props.h"

#include <fmt/format.h>

#include "properties/props/query_internal.h"

namespace sortkey::props {

using oracle::NItem;

Outcome check_local_index_schema(const oracle::NSchema& schema, std::string_view want) {
  const std::string refusal = oracle::naive_local_index_refusal(schema);
  auto created = Table::create(to_engine(schema));
  if (created.has_value() != refusal.empty()) {
    return Outcome::fails(
        fmt::format("the engine {} the schema, the oracle {}", created ? "accepts" : "refuses",
                    refusal.empty() ? std::string("accepts it") : "refuses it (" + refusal + ")"));
  }
  if (created.has_value() != want.empty()) {
    return Outcome::fails(fmt::format("the engine and the oracle {} the schema, the reference {}",
                                      created ? "accept" : "refuse",
                                      want.empty() ? "accepts it" : "refuses it"));
  }
  if (!created && created.error().message.find(want) == std::string::npos) {
    return Outcome::fails(fmt::format("refused with \"{}\", the reference's words are \"{}\"",
                                      created.error().message, want));
  }
  return Outcome::holds();
}

Outcome check_local_index_projection(const oracle::NaiveTable& model, const Table& table,
                                     const std::string& index, const oracle::NValue& partition,
                                     const std::vector<std::string>& names, bool consistent) {
  QueryRequest plain;
  plain.index_name = index;
  plain.key_condition = "#k = :k";
  plain.attributes.names["#k"] = model.schema().pk.name;
  plain.attributes.values[":k"] = to_engine(partition);
  plain.consistent_read = consistent;
  QueryRequest r = plain;
  std::vector<std::vector<oracle::NStep>> paths;
  if (names.empty()) {
    r.select = Select::kAllAttributes;
  } else {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
      const std::string placeholder = fmt::format("#p{}", i);
      text += (i == 0 ? "" : ", ") + placeholder;
      r.attributes.names[placeholder] = names[i];
      paths.push_back({oracle::NStep{false, names[i], 0}});
    }
    r.projection = text;
  }
  const auto shown = [&r] { return query_internal::show_request(r); };
  // The entries in the engine's order (ties in the index's sort key are
  // in an order of its choosing), held to the oracle's range.
  auto read = [&table](const QueryRequest& q) { return table.query(q); };
  auto entries = query_internal::read_all(plain, read);
  if (!entries)
    return Outcome::fails(fmt::format("{}: rejected: {}", shown(), describe(entries.error())));
  const std::vector<NItem> sequence = query_internal::to_naive_all(*entries);
  oracle::NKeyCond whole;
  whole.partition = {partition};
  std::string why;
  if (!oracle::accept_query_order(model.key_range(index, whole, true), sequence,
                                  model.sort_of(index), true, &why))
    return Outcome::fails(fmt::format("{} (its entries): {}", shown(), why));

  auto page = table.query(r);
  if (!page)
    return Outcome::fails(fmt::format("{}: rejected: {}", shown(), describe(page.error())));
  const oracle::NPage read_page = oracle::page_at(sequence, 0, std::nullopt, nullptr);
  const bool fetches =
      oracle::naive_fetches(model.schema(), *model.index_named(index), names.empty(), names);
  std::vector<NItem> fetched;
  if (fetches) {
    for (const NItem& entry : sequence) fetched.push_back(model.fetch(entry));
  }
  if (page->items.size() != sequence.size()) {
    return Outcome::fails(fmt::format("{}: {} items, the oracle's range holds {}", shown(),
                                      page->items.size(), sequence.size()));
  }
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    const NItem& source = fetches ? fetched[i] : sequence[i];
    const NItem want = names.empty() ? source : oracle::naive_project(source, paths);
    const NItem got = to_naive(page->items[i]);
    if (!oracle::naive_items_equal(got, want)) {
      return Outcome::fails(fmt::format("{}: item {} is {}, the oracle expects {}{}", shown(), i,
                                        oracle::naive_show(got), oracle::naive_show(want),
                                        fetches ? " (fetched from the table)" : ""));
    }
  }
  const double capacity =
      read_page.capacity(consistent) + oracle::naive_fetch_capacity(fetched, consistent);
  if (page->consumed_capacity != capacity) {
    return Outcome::fails(
        fmt::format("{}: ConsumedCapacity {}, the oracle computes {} ({} for the entries{})",
                    shown(), page->consumed_capacity, capacity, read_page.capacity(consistent),
                    fetches ? fmt::format(", {} items fetched", fetched.size()) : std::string()));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
