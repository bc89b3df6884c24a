// The catalog's entries for the rules of the shared reference that the
// engine-against-oracle properties did not hold to the reference's own
// examples (props/query_reference_props.h; oracles/RULES.md maps every rule).

#include <fmt/format.h>

#include <algorithm>

#include "properties/catalog.h"
#include "properties/gen/query_gen.h"
#include "properties/props/query_props.h"
#include "properties/props/query_reference_props.h"

namespace sortkey::props {

using oracle::NaiveTable;
using oracle::NItem;
using oracle::NSchema;
using T = oracle::NValue::T;

namespace {

// Distinct indexes into a list of `n`, in a generated order: at least one.
rc::Gen<std::vector<std::size_t>> gen_picks(std::size_t n) {
  return rc::gen::exec([n] {
    std::vector<std::size_t> all(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = i;
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < n; ++i) {
      if (chance(60)) out.push_back(i);
    }
    if (out.empty()) out.push_back(uniform_index(n));
    for (std::size_t i = out.size(); i > 1; --i) std::swap(out[i - 1], out[uniform_index(i)]);
    return out;
  });
}

void add_reference_order_property(Catalog& c) {
  c.add("query", "reference_sort_orders",
        "the reference's own lists (sections 1.1-1.3): S keys 1 < 10 < 2 < A < B < a < aa < ab "
        "< b < z < U+00BF < U+E000 < U+FF5E < U+1F600 (UTF-8 bytes, not UTF-16), N keys "
        "-2e10 < ... < -0.01 < -1e-5 < 0 < 2e-5 < ... < 1.4e10 by value, B keys 00 < 0000 < "
        "01 < 7f < 7fff < 80 < fe01 < ff < ff00 unsigned, written in any order, come back in "
        "that order (reversed backward) over pages of any Limit, and BETWEEN two of them "
        "selects the slice; the oracle's key range agrees",
        [] {
          const T type = *rc::gen::element(T::S, T::N, T::B);
          const auto picked = *gen_picks(reference_order(type).size());
          const bool forward = *rc::gen::arbitrary<bool>();
          std::optional<int> limit;
          if (chance(60)) limit = *rc::gen::inRange(1, 5);
          const std::size_t lo = uniform_index(picked.size());
          const std::size_t hi = uniform_index(picked.size());
          RC_TAG(oracle::naive_type_name(type));
          rc_require(reference_order_holds(type, picked, forward, limit, lo, hi));
        });
}

void add_reference_number_property(Catalog& c) {
  c.add("query", "reference_number_text",
        "section 1.2's normalization cases (007, +3, 1.10, 1e3, 1E+3, 123e-2, 1e125, -0.0, "
        "-.5, ...): a Number written in any of these spellings, as a sort key, a value, a "
        "list element or a map value, is read back in DynamoDB's canonical plain decimal, "
        "never with an exponent; the oracle's canonical text agrees",
        [] {
          const auto& all = reference_number_cases();
          std::vector<std::pair<std::string, std::string>> cases;
          for (std::size_t at : *gen_picks(all.size())) {
            // One spelling per value: they are sort keys of one partition.
            const bool seen = std::any_of(cases.begin(), cases.end(), [&](const auto& k) {
              return k.second == all[at].second;
            });
            if (!seen) cases.push_back(all[at]);
          }
          rc_require(reference_numbers_read_back(cases));
        });
}

void add_reference_fault_property(Catalog& c) {
  c.add("query", "reference_key_refusals",
        "key conditions and start keys the reference says DynamoDB refuses, planted in a "
        "generated Query of a table or an index: no partition-key condition, three "
        "conditions, a value of the wrong type, begins_with on a Number key, size(), a nested "
        "path, a non-key attribute, an undefined value, an unused name, !=, an empty "
        "expression, BETWEEN bounds of two types, a start key in another partition or outside "
        "the sort-key condition, two pairs of redundant parentheses, attribute_type, a table key "
        "that is no key of the queried index: each refused, with DynamoDB's "
        "message where the "
        "reference records one",
        [] {
          const NSchema schema = *gen_query_schema();
          auto table = Table::create(to_engine(schema));
          RC_ASSERT(table.has_value());
          NaiveTable model(schema);
          const int n = *rc::gen::inRange(1, 16);
          for (int i = 0; i < n; ++i) {
            const NItem item = *gen_item(schema);
            const bool want = model.put(item);
            if (table->put(to_engine(item)).has_value() != want)
              rc_require(Outcome::fails("Put " + oracle::naive_show(item) +
                                        ": the engine and the oracle disagree"));
          }
          QuerySpec valid;
          valid.index = *gen_target(schema);
          valid.key = *gen_key_condition(model, valid.index);
          valid.forward = *rc::gen::arbitrary<bool>();
          valid.style = *rc::gen::arbitrary<std::uint64_t>();
          const int fault = static_cast<int>(uniform_index(kReferenceFaults));
          RC_TAG(plant_reference_fault(model, valid, fault).fault);
          rc_require(rejects_reference_fault(model, *table, valid, fault));
        });
}

void add_reference_filter_property(Catalog& c) {
  c.add("query", "reference_filter_semantics",
        "section 5's type semantics as the reference states them: = false and <> true across "
        "types and <> true for a missing attribute, ordering and BETWEEN false against another "
        "type, a list or a missing attribute, UTF-8 and unsigned-byte order in filters, "
        "contains as substring (S, B) and membership (SS, NS by value, BS, L) but never of a "
        "map, a BOOL or the set itself, begins_with on unsigned bytes, size() of S, B, L, M "
        "and sets and no size of N or BOOL: the engine's Scan and the oracle keep the item "
        "exactly when DynamoDB does, in any rendering",
        [] {
          const auto& cases = reference_filter_cases();
          const FilterCase& k = cases[uniform_index(cases.size())];
          RC_TAG(k.rule);
          rc_require(reference_filter_holds(k, *rc::gen::arbitrary<std::uint64_t>()));
        });
}

void add_reference_write_property(Catalog& c) {
  c.add("query", "reference_write_refusals",
        "section 6's refusals with DynamoDB's text: a partition key over 2048 bytes (ASCII or "
        "2-byte characters: bytes, not characters, count) is 'Size of hashkey has exceeded the "
        "maximum size limit of2048 bytes', a sort key over 1024 (text or raw bytes) 'Aggregated "
        "size of all range keys...', an empty string or binary key '...cannot contain an empty "
        "string/binary value. Key: <name>', an item of 409,601 bytes 'Item size has exceeded the "
        "maximum allowed size'; the oracle refuses each too",
        [] {
          const auto& cases = reference_write_cases();
          const WriteCase& k = cases[uniform_index(cases.size())];
          RC_TAG(k.rule);
          rc_require(reference_write_refused(k));
        });
}

void add_reference_projection_property(Catalog& c) {
  c.add("query", "reference_filter_beyond_projection",
        "section 5: a FilterExpression may read an attribute the ProjectionExpression does not "
        "return: a Query filtered on x and projected to y returns the items whose x matches, "
        "each holding y alone",
        [] {
          const auto flags = *rc::gen::container<std::vector<bool>>(rc::gen::arbitrary<bool>());
          rc_require(reference_filter_beyond_projection(flags));
        });
}

}  // namespace

void add_query_reference_properties(Catalog& c) {
  add_reference_order_property(c);
  add_reference_number_property(c);
  add_reference_fault_property(c);
  add_reference_filter_property(c);
  add_reference_write_property(c);
  add_reference_projection_property(c);
}

}  // namespace sortkey::props
