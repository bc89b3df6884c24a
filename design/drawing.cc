#include "design/drawing.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "design/items.h"
#include "design/store.h"

namespace sortkey::design {
namespace {

struct KeyNames {
  std::vector<std::string> partition;
  std::vector<std::string> sort;
};

KeyNames key_names(const Design& d, const std::string& index) {
  KeyNames k;
  if (index.empty()) {
    k.partition.push_back(d.schema.partition_key.name);
    if (d.schema.sort_key) k.sort.push_back(d.schema.sort_key->name);
    return k;
  }
  if (const IndexDesign* ix = d.index(index)) {
    for (const KeyAttribute& a : ix->schema.partition_key) k.partition.push_back(a.name);
    for (const KeyAttribute& a : ix->schema.sort_key) k.sort.push_back(a.name);
  }
  return k;
}

std::string attribute_text(const AttributeValue& v) {
  switch (v.type()) {
    case AttributeType::kS:
      return v.as_string();
    case AttributeType::kN:
      return to_string(v.as_number());
    default:
      return to_json(v);
  }
}

std::string key_text(const Item& item, const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) {
    const auto it = item.find(n);
    out += (out.empty() ? "" : " \u00b7 ") + (it == item.end() ? "" : attribute_text(it->second));
  }
  return out;
}

// A key value as the page quotes it: a String in JSON quotes, a Number as written.
std::string quoted_value(const AttributeValue& v) {
  if (v.type() == AttributeType::kS) {
    return nlohmann::json(v.as_string())
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  return attribute_text(v);
}

std::string condition_text(const KeyQuery& q) {
  std::string out;
  for (const auto* equalities : {&q.partition, &q.sort_prefix}) {
    for (const auto& [name, value] : *equalities) {
      out += (out.empty() ? "" : " AND ") + name + " = " + quoted_value(value);
    }
  }
  const SortCondition& s = q.sort;
  if (s.op == SortCondition::Op::kBetween) {
    out += fmt::format(" AND {} BETWEEN {} AND {}", q.sort_attribute, quoted_value(s.value),
                       quoted_value(s.upper));
  } else if (s.op == SortCondition::Op::kBeginsWith) {
    out += fmt::format(" AND begins_with({}, {})", q.sort_attribute, quoted_value(s.value));
  } else if (s.op != SortCondition::Op::kNone) {
    out +=
        fmt::format(" AND {} {} {}", q.sort_attribute, sort_op_text(s.op), quoted_value(s.value));
  }
  return out;
}

std::string key_of(const Design& d, const Item& item) { return to_json(primary_key(d, item)); }

// Every page of the request (only the first when `one_request`).
Result<std::vector<Page>> pages_of(Store& store, Request request, bool one_request) {
  std::vector<Page> pages;
  for (int n = 0; n < kMaxPages; ++n) {
    auto page = request.scan ? store.scan(request.scan_request) : store.query(request.query);
    if (!page) return page.error();
    pages.push_back(std::move(*page));
    if (one_request || !pages.back().last_evaluated_key) return pages;
    request.query.exclusive_start_key = pages.back().last_evaluated_key;
    request.scan_request.exclusive_start_key = pages.back().last_evaluated_key;
  }
  return make_error(ErrorCode::kOverflow, 0, "the pages did not end after 100000 requests");
}

// Every item the pattern's request reads without a Limit.
Result<std::vector<Item>> items_read(const Design& d, const Pattern& p, const Params& params,
                                     Store& store) {
  auto request = pattern_request(d, p, params, std::nullopt);
  if (!request) return request.error();
  auto pages = pages_of(store, std::move(*request), false);
  if (!pages) return pages.error();
  std::vector<Item> out;
  for (const Page& page : *pages) {
    for (const StoredItem& item : page.items) out.push_back(item.to_item());
  }
  return out;
}

Pattern without_filter(Pattern p) {
  p.filter.reset();
  p.filter_names.clear();
  p.filter_values.clear();
  p.forward = true;
  return p;
}

Pattern whole_partition(Pattern p) {
  p.sort_prefix.clear();
  p.sort_attribute.clear();
  p.sort_op = SortCondition::Op::kNone;
  return p;
}

Collection collection_of(const Design& d, const Pattern& p, const Loaded& loaded,
                         const std::vector<Item>& items) {
  const KeyNames names = key_names(d, p.index);
  Collection c;
  for (const Item& item : items) {
    c.items.push_back(DrawnItem{owner_of(d, loaded, item), key_text(item, names.partition),
                                key_text(item, names.sort), item});
  }
  if (!p.scan && !c.items.empty()) c.partition = c.items.front().partition;
  return c;
}

// The answer's owners; required and allowed entities of the declared answer
// (allowed: the tied group a Limit cuts through, any of which may come).
struct Declared {
  std::vector<std::size_t> required;
  std::vector<std::size_t> allowed;
  std::map<std::size_t, std::size_t> rank;           // entity -> its group's place
  std::map<std::size_t, std::pair<int, int>> place;  // entity -> its places in the answer
};

Declared declared_answer(const Pattern& p, const Population& population, const Params& params) {
  Declared out;
  std::size_t count = 0;
  const auto groups = expected_groups(p, population, params);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::size_t left =
        p.limit ? static_cast<std::size_t>(*p.limit) - count : groups[g].size();
    if (left == 0) break;
    auto& into = groups[g].size() <= left ? out.required : out.allowed;
    const int first = static_cast<int>(count) + 1;
    const int last = static_cast<int>(count + std::min(left, groups[g].size()));
    for (std::size_t e : groups[g]) {
      into.push_back(e);
      out.rank[e] = g;
      out.place[e] = {first, last};
    }
    count += std::min(left, groups[g].size());
  }
  return out;
}

// Marks the rows of `read` that are wrong, and returns the declared entities
// that are not in the collection.
std::vector<std::size_t> mark_rows(const Declared& declared, const Collection& collection,
                                   Read& read) {
  std::vector<Read::Row*> answer;  // in the answer's order
  for (Read::Row& r : read.rows) {
    if (r.position > 0) answer.push_back(&r);
  }
  std::sort(answer.begin(), answer.end(),
            [](const Read::Row* a, const Read::Row* b) { return a->position < b->position; });
  std::vector<Read::Row*> kept;
  for (Read::Row* r : answer) {
    const auto& owner = collection.items[r->item].entity;
    if (owner && declared.rank.count(*owner) != 0) {
      kept.push_back(r);
    } else {
      r->mark = Mark::kExtra;
    }
  }
  // The longest run of kept rows whose ranks never decrease stays unmarked.
  const auto rank = [&](std::size_t i) {
    return declared.rank.at(*collection.items[kept[i]->item].entity);
  };
  std::vector<std::size_t> length(kept.size(), 1);
  std::vector<std::size_t> before(kept.size(), kept.size());
  std::size_t best = 0;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (rank(j) <= rank(i) && length[j] + 1 > length[i]) {
        length[i] = length[j] + 1;
        before[i] = j;
      }
    }
    if (length[i] > length[best]) best = i;
  }
  std::vector<bool> in_order(kept.size(), false);
  for (std::size_t i = best; i < kept.size(); i = before[i]) in_order[i] = true;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (!in_order[i]) kept[i]->mark = Mark::kOutOfOrder;
  }
  std::set<std::size_t> returned;
  for (Read::Row* r : answer) {
    if (const auto& owner = collection.items[r->item].entity) returned.insert(*owner);
  }
  std::vector<std::size_t> elsewhere;
  for (std::size_t e : declared.required) {
    if (returned.count(e) != 0) continue;
    const auto row = std::find_if(read.rows.begin(), read.rows.end(), [&](const Read::Row& r) {
      return collection.items[r.item].entity == e;
    });
    if (row == read.rows.end()) {
      elsewhere.push_back(e);
    } else {
      row->mark = Mark::kMissing;
    }
  }
  return elsewhere;
}

// The read of `collection` in one direction, page by page.
Result<Read> read_in(const Design& d, const Pattern& pattern, const Params& params, int limit,
                     bool forward, const std::set<std::string>& range, const Collection& collection,
                     Store& store) {
  Read read;
  read.forward = forward;
  read.declared = pattern.scan || forward == pattern.forward;
  for (std::size_t i = 0; i < collection.items.size(); ++i) {
    const std::size_t at = forward ? i : collection.items.size() - 1 - i;
    const bool in = range.count(key_of(d, collection.items[at].item)) != 0;
    read.rows.push_back(Read::Row{at, in, false, 0, false, 0, 0, 0, Mark::kNone});
  }
  Pattern p = pattern;
  p.forward = forward;
  auto request = pattern_request(d, p, params, limit);
  if (!request) return request.error();
  auto pages = pages_of(store, std::move(*request), pattern.limit.has_value());
  if (!pages) {
    read.refused = pages.error().message;
    return read;
  }
  read.pages = static_cast<int>(pages->size());
  std::vector<Read::Row*> in_range;
  for (Read::Row& r : read.rows) {
    if (r.in_range) in_range.push_back(&r);
  }
  std::size_t next = 0;
  int position = 0;
  for (std::size_t n = 0; n < pages->size(); ++n) {
    const Page& page = (*pages)[n];
    std::set<std::string> returned;
    for (const StoredItem& item : page.items) returned.insert(key_of(d, item.to_item()));
    const std::string ends = page.last_evaluated_key ? key_of(d, *page.last_evaluated_key) : "";
    const std::size_t end =
        std::min(in_range.size(), next + static_cast<std::size_t>(page.scanned_count));
    for (; next < end; ++next) {
      Read::Row& r = *in_range[next];
      const std::string key = key_of(d, collection.items[r.item].item);
      r.page = static_cast<int>(n) + 1;
      r.page_ends = key == ends;
      if (returned.count(key) != 0) {
        r.position = ++position;
      } else {
        r.filtered = true;
      }
    }
  }
  return read;
}

// Where a bound of the sort condition falls among the collection's items in
// ascending order: how many items sort before it (`inclusive`: a key equal
// to the bound is inside).
std::size_t items_below(const Collection& c, const std::string& attribute,
                        const AttributeValue& bound, bool inclusive) {
  std::size_t n = 0;
  for (const DrawnItem& item : c.items) {
    const auto it = item.item.find(attribute);
    if (it == item.item.end() || it->second.type() != bound.type()) continue;
    const int cmp = bound.type() == AttributeType::kN
                        ? compare_numbers(it->second.as_number(), bound.as_number())
                        : it->second.as_string().compare(bound.as_string());
    if (cmp < 0 || (cmp == 0 && !inclusive)) ++n;
  }
  return n;
}

// The edges of the range in `read`: where the model's range starts and ends,
// or, when it selects nothing, where its bounds sort among the items.
void draw_edges(const PatternDrawing& pd, const std::string& attribute, Read& read) {
  using Op = SortCondition::Op;
  const SortCondition& s = pd.sort;
  if (s.op == Op::kNone) return;
  const bool has_lower = s.op != Op::kLt && s.op != Op::kLe;
  const bool has_upper = s.op != Op::kGt && s.op != Op::kGe;
  const std::string value = quoted_value(s.value);
  std::string lower_text =
      fmt::format("lower bound: {} {} {}", attribute, s.op == Op::kGt ? ">" : ">=", value);
  std::string upper_text = fmt::format(
      "upper bound: {} {} {}", attribute,
      s.op == Op::kLt ? "<" : "<=", quoted_value(s.op == Op::kBetween ? s.upper : s.value));
  if (s.op == Op::kBeginsWith) {
    lower_text = fmt::format("the first key beginning with {}", value);
    upper_text = fmt::format("the last key beginning with {}", value);
  }
  const std::size_t n = read.rows.size();
  std::size_t first = n;  // in the read's order
  std::size_t last = n;
  for (std::size_t i = 0; i < n; ++i) {
    if (!read.rows[i].in_range) continue;
    if (first == n) first = i;
    last = i;
  }
  std::size_t top = first;
  std::size_t bottom = last == n ? n : last + 1;
  if (first == n) {
    if (!pd.sort_whole_key) return;
    // Ascending, the range would start after the items below its lower bound.
    const bool inclusive = s.op != Op::kGt;
    const std::size_t below = s.op == Op::kLt || s.op == Op::kLe
                                  ? items_below(pd.collection, attribute, s.value, s.op == Op::kLt)
                                  : items_below(pd.collection, attribute, s.value, inclusive);
    top = bottom = read.forward ? below : n - below;
  }
  std::vector<Read::Edge> edges;
  if (read.forward ? has_lower : has_upper) {
    edges.push_back(Read::Edge{top, read.forward, read.forward ? lower_text : upper_text});
  }
  if (read.forward ? has_upper : has_lower) {
    edges.push_back(Read::Edge{bottom, !read.forward, read.forward ? upper_text : lower_text});
  }
  read.edges = std::move(edges);
}

}  // namespace

std::string_view to_string(Mark mark) {
  switch (mark) {
    case Mark::kNone:
      return "";
    case Mark::kMissing:
      return "missing";
    case Mark::kExtra:
      return "extra";
    case Mark::kOutOfOrder:
      return "out of order";
  }
  return "";
}

Result<std::vector<Collection>> draw_table(const Design& design, const Population& population) {
  auto opened = open_loaded(*in_memory_source(), design, population);
  if (!opened) return opened.error();
  const KeyNames names = key_names(design, "");
  std::map<std::string, Collection> by_partition;
  for (const auto& [key, owner] : opened->loaded.owner) {
    const Item& item = opened->loaded.items[owner];
    Collection& c = by_partition[to_json(item.at(names.partition.front()))];
    c.partition = key_text(item, names.partition);
    c.items.push_back(DrawnItem{owner, c.partition, key_text(item, names.sort), item});
  }
  std::vector<Collection> out;
  for (auto& [ignored, c] : by_partition) {
    // The order the table keeps: sort keys compared as DynamoDB compares them.
    const auto query_order = [&design](const DrawnItem& a, const DrawnItem& b) {
      if (!design.schema.sort_key) return false;
      const AttributeValue& x = a.item.at(design.schema.sort_key->name);
      const AttributeValue& y = b.item.at(design.schema.sort_key->name);
      if (x.type() == AttributeType::kN) return compare_numbers(x.as_number(), y.as_number()) < 0;
      return x.as_string() < y.as_string();
    };
    std::sort(c.items.begin(), c.items.end(), query_order);
    out.push_back(std::move(c));
  }
  std::sort(out.begin(), out.end(),
            [](const Collection& a, const Collection& b) { return a.partition < b.partition; });
  return out;
}

Result<std::vector<IndexDrawing>> draw_indexes(const Design& design, const Population& population) {
  auto opened = open_loaded(*in_memory_source(), design, population);
  if (!opened) return opened.error();
  const std::vector<Collection> table = [&] {
    auto t = draw_table(design, population);
    return t ? std::move(*t) : std::vector<Collection>{};
  }();
  std::vector<IndexDrawing> out;
  for (const IndexDesign& index : design.indexes) {
    const IndexSchema& ix = index.schema;
    IndexDrawing drawing;
    drawing.name = ix.name;
    drawing.local = index.local;
    const KeyNames names = key_names(design, ix.name);
    drawing.partition_key = names.partition;
    drawing.sort_key = names.sort;
    Request scan;
    scan.scan = true;
    scan.scan_request.index_name = ix.name;
    auto pages = pages_of(*opened->store, scan, false);
    if (!pages) return pages.error();
    std::map<std::string, Item> partitions;  // the first item of each, by its key values
    std::set<std::string> held;
    for (const Page& page : *pages) {
      for (const StoredItem& stored : page.items) {
        const Item item = stored.to_item();
        held.insert(key_of(design, item));
        Item key;
        for (const std::string& n : names.partition) key[n] = item.at(n);
        partitions.emplace(key_text(item, names.partition) + '\0' + to_json(key), item);
      }
    }
    for (const auto& [ignored, first] : partitions) {
      KeyQuery q;
      q.index_name = ix.name;
      for (const std::string& n : names.partition) q.partition.emplace_back(n, first.at(n));
      auto built = build_key_condition(q);
      if (!built) return built.error();
      Request query;
      query.query = to_query_request(*built);
      auto read = pages_of(*opened->store, std::move(query), false);
      if (!read) return read.error();
      Collection c;
      for (const Page& page : *read) {
        for (const StoredItem& stored : page.items) {
          const Item item = stored.to_item();
          c.items.push_back(DrawnItem{owner_of(design, opened->loaded, item),
                                      key_text(item, names.partition), key_text(item, names.sort),
                                      item});
        }
      }
      if (!c.items.empty()) c.partition = c.items.front().partition;
      drawing.collections.push_back(std::move(c));
    }
    for (const Collection& c : table) {
      for (const DrawnItem& item : c.items) {
        if (held.count(key_of(design, item.item)) != 0) continue;
        IndexDrawing::Absent absent{item, {}};
        for (const auto* side : {&names.partition, &names.sort}) {
          for (const std::string& n : *side) {
            if (item.item.count(n) == 0) absent.lacks.push_back(n);
          }
        }
        drawing.absent.push_back(std::move(absent));
      }
    }
    // First the items of a type the index holds others of: what its sparseness leaves out.
    std::set<const EntityType*> held_types;
    for (const Collection& c : drawing.collections) {
      for (const DrawnItem& item : c.items) {
        if (item.entity) held_types.insert(population[*item.entity].type);
      }
    }
    std::stable_partition(
        drawing.absent.begin(), drawing.absent.end(), [&](const IndexDrawing::Absent& a) {
          return a.item.entity && held_types.count(population[*a.item.entity].type) != 0;
        });
    out.push_back(std::move(drawing));
  }
  return out;
}

Result<PatternDrawing> draw_pattern(const Design& design, const Pattern& pattern,
                                    const Population& population, const Params& params,
                                    int page_limit, bool failing) {
  auto opened = open_loaded(*in_memory_source(), design, population);
  if (!opened) return opened.error();
  PatternDrawing out;
  out.pattern = &pattern;
  out.failing = failing;
  out.index = pattern.index;
  out.parameters = show_params(design, pattern, params);
  out.limit = pattern.limit ? *pattern.limit : page_limit;
  const Pattern bare = without_filter(pattern);
  auto all =
      items_read(design, pattern.scan ? bare : whole_partition(bare), params, *opened->store);
  if (!all) return all.error();
  out.collection = collection_of(design, pattern, opened->loaded, *all);
  auto in_range = items_read(design, bare, params, *opened->store);
  if (!in_range) return in_range.error();
  std::set<std::string> range;
  for (const Item& item : *in_range) range.insert(key_of(design, item));
  auto request = pattern_request(design, pattern, params, out.limit);
  if (!request) return request.error();
  out.request = request->json;
  if (!pattern.scan) {
    out.condition = condition_text(request->key);
    out.sort = request->key.sort;
    out.sort_whole_key = request->key.sort_prefix.empty();
  }
  const Declared declared = declared_answer(pattern, population, params);
  out.expected = declared.required;
  out.expected.insert(out.expected.end(), declared.allowed.begin(), declared.allowed.end());
  for (bool forward : pattern.scan ? std::vector<bool>{true} : std::vector<bool>{true, false}) {
    auto read =
        read_in(design, pattern, params, out.limit, forward, range, out.collection, *opened->store);
    if (!read) return read.error();
    if (read->declared && read->refused.empty()) {
      out.missing_elsewhere = mark_rows(declared, out.collection, *read);
      out.wrong = !out.missing_elsewhere.empty() ||
                  std::any_of(read->rows.begin(), read->rows.end(),
                              [](const Read::Row& r) { return r.mark != Mark::kNone; });
    }
    if (!pattern.scan) draw_edges(out, request->key.sort_attribute, *read);
    for (Read::Row& r : read->rows) {
      const auto& owner = out.collection.items[r.item].entity;
      const auto place = owner ? declared.place.find(*owner) : declared.place.end();
      if (place == declared.place.end()) continue;
      std::tie(r.expected_first, r.expected_last) = place->second;
    }
    if (failing && !read->declared && read->refused.empty()) {
      mark_rows(declared, out.collection, *read);
    }
    out.reads.push_back(std::move(*read));
  }
  return out;
}

}  // namespace sortkey::design
