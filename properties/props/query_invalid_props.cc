#include "properties/props/query_invalid_props.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "properties/props/query_internal.h"

namespace sortkey::props {

using oracle::NItem;
using oracle::NKey;
using oracle::NSchema;
using oracle::NValue;
using query_internal::show_request;

namespace {

// The tree with every comparison written the other way round, as the
// renderer may write it: `a < b` as `b > a`.
oracle::NCond mirrored(oracle::NCond c) {
  using Op = oracle::NCond::Op;
  static const Op kFlipped[] = {Op::kEq, Op::kNe, Op::kGt, Op::kGe, Op::kLt, Op::kLe};
  if (c.op <= Op::kGe) {
    c.op = kFlipped[static_cast<int>(c.op)];
    std::swap(c.args[0], c.args[1]);
  }
  for (oracle::NCond& kid : c.kids) kid = mirrored(std::move(kid));
  return c;
}

}  // namespace

Outcome matches_refusal(const Error* error, const oracle::NCond& filter, const std::string& shown) {
  const std::string want = "Invalid FilterExpression: " + oracle::naive_refusal(filter);
  if (error == nullptr)
    return Outcome::fails(
        fmt::format("{}: accepted; DynamoDB rejects it with \"{}\"", shown, want));
  const std::string also = "Invalid FilterExpression: " + oracle::naive_refusal(mirrored(filter));
  if (error->message.find(want) == std::string::npos &&
      error->message.find(also) == std::string::npos) {
    return Outcome::fails(fmt::format("{}: rejected with \"{}\", expected a message with \"{}\"",
                                      shown, error->message, want));
  }
  return Outcome::holds();
}

namespace {

using Planted = PlantedRequest;

// The request's key condition: duplicated, the same operand twice, an
// operator DynamoDB refuses there, reversed BETWEEN bounds, a function name
// in the wrong case. `pick` chooses among the variants.
Planted key_condition_fault(const oracle::NaiveTable& model, const QuerySpec& valid, int kind,
                            std::uint64_t pick) {
  const std::vector<NKey> pk = model.partition_of(valid.index);
  const std::vector<NKey> sk = model.sort_of(valid.index);
  Planted p;
  QueryRequest& r = p.request;
  r.index_name = valid.index;
  r.attributes.names = {{"#k", pk[0].name}};
  r.attributes.values = {{":a", to_engine(valid.key.partition[0])}};
  const bool text_sort = !sk.empty() && sk[0].type != NValue::T::N;
  switch (kind) {
    case 0:  // the same operand twice (naive_refusal's rule in a KeyConditionExpression)
      if (text_sort && pick % 2 == 1) {
        r.attributes.names["#s"] = sk[0].name;
        r.key_condition = "#k = :a AND begins_with(#s, #s)";
        p.want = "operator: begins_with, first operand: [" + sk[0].name + "]";
        p.fault = "key condition begins_with(sk, sk)";
      } else {
        // The same placeholder twice, or two placeholders for one name.
        r.attributes.values.clear();
        r.attributes.names["#k2"] = pk[0].name;
        const bool twice = pick / 2 % 2 == 0;
        r.key_condition = twice ? "#k = #k" : "#k = #k2";
        if (twice) r.attributes.names.erase("#k2");
        p.want = "operator: =, first operand: [" + pk[0].name + "]";
        p.fault = twice ? "key condition pk = pk" : "key condition #k = #k2, one name";
      }
      p.want =
          "Invalid KeyConditionExpression: The first operand must be distinct from the "
          "remaining operands for this operator or function; " +
          p.want;
      return p;
    case 1: {  // one condition per key
      r.attributes.values[":b"] = r.attributes.values[":a"];
      r.key_condition = "#k = :a AND #k = :b";
      p.want = "KeyConditionExpressions must only contain one condition per key";
      p.fault = "two conditions on one key";
      return p;
    }
    case 2: {  // operators parsed but not allowed in a key condition
      static const char* const kForms[][2] = {
          {"#k = :a OR #k = :a", "OR"},
          {"NOT #k = :a", "NOT"},
          {"#k IN (:a)", "IN"},
          {"#k <> :a", "<>"},
          {"attribute_exists(#k) AND #k = :a", "attribute_exists"},
          {"#k = :a AND attribute_not_exists(#k)", "attribute_not_exists"},
          {"contains(#k, :a)", "contains"},
      };
      const auto& form = kForms[pick % 7];
      r.key_condition = form[0];
      p.want = std::string("Invalid operator used in KeyConditionExpression: ") + form[1];
      p.fault = std::string("key condition with ") + form[1];
      return p;
    }
    default: {  // function names are case-sensitive
      r.key_condition = "#k = :a AND BEGINS_WITH(#k, :a)";
      p.want = "Invalid KeyConditionExpression: Invalid function name; function: BEGINS_WITH";
      p.fault = "key condition BEGINS_WITH in capitals";
      return p;
    }
  }
}

// BETWEEN bounds that are in order in UTF-16, signed bytes or text, and
// reversed in DynamoDB's order (UTF-8 bytes, unsigned bytes, value); on a
// target without sort key, a second condition, which DynamoDB refuses there.
Planted reversed_key_between(const oracle::NaiveTable& model, const QuerySpec& valid) {
  const std::vector<NKey> sk = model.sort_of(valid.index);
  QuerySpec q = valid;
  q.filter.reset();
  Planted p;
  if (sk.empty()) {
    p.request = render_query(model.schema(), q);
    p.request.attributes.names["#extra"] = "x";
    p.request.attributes.values[":extra"] = AttributeValue::S("x");
    p.request.key_condition += " AND #extra = :extra";
    p.want = "Query key condition not supported";
    p.fault = "a sort-key condition where there is no sort key";
    return p;
  }
  if (q.key.sort_eq.size() == sk.size()) q.key.sort_eq.pop_back();
  q.key.op = oracle::NKeyCond::Op::kBetween;
  switch (sk[q.key.sort_eq.size()].type) {
    case NValue::T::S:  // U+1F600 after U+FF5E in UTF-8, before it in UTF-16
      q.key.a = query_internal::str("\xF0\x9F\x98\x80");
      q.key.b = query_internal::str("\xEF\xBD\x9E");
      break;
    case NValue::T::B:  // 0x80 after 0x7F unsigned, before it signed
      q.key.a.t = q.key.b.t = NValue::T::B;
      q.key.a.s = "\x80";
      q.key.b.s = "\x7f";
      break;
    default:  // 1e1 after 9 by value, before it as text
      q.key.a.t = q.key.b.t = NValue::T::N;
      q.key.a.s = "1e1";
      q.key.b.s = "9";
      break;
  }
  p.request = render_query(model.schema(), q);
  p.want =
      "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater "
      "than or equal to lower bound";
  p.fault = std::string("key BETWEEN bounds reversed (") + oracle::naive_type_name(q.key.a.t) +
            (q.key.a.t == NValue::T::S ? ", a character above U+FFFF)" : ")");
  return p;
}

// An ExclusiveStartKey that is not a key of what is read: on a table
// without sort key the queried partition's key; else one attribute missing, one spurious,
// or one of the wrong type. Empty `want` when there is no entry to start from.
Planted start_key_fault(const oracle::NaiveTable& model, const QuerySpec& valid,
                        std::uint64_t pick) {
  QuerySpec q = valid;
  q.filter.reset();
  Planted p;
  p.request = render_query(model.schema(), q);
  if (valid.index.empty() && !model.schema().sk) {
    // The queried partition's own key: the start key an implementation is
    // likeliest to accept, so one that accepts it diverges on every run.
    p.request.exclusive_start_key =
        to_engine(NItem{{model.schema().pk.name, valid.key.partition[0]}});
    p.want = "The provided exclusive start key is invalid";
    p.fault = "a start key on a table without sort key";
    return p;
  }
  const std::vector<NItem> entries = model.entries(valid.index);
  if (entries.empty()) return p;
  NItem key = model.key_of(valid.index, entries[pick % entries.size()]);
  if (pick % 3 == 0) {
    key.erase(key.begin() + static_cast<std::ptrdiff_t>(pick / 3 % key.size()));
    p.want = "The provided starting key is invalid";
    p.fault = "a start key missing an attribute";
  } else if (pick % 3 == 1) {
    key.emplace_back("x", query_internal::str("spurious"));
    p.want = "The provided starting key is invalid";
    p.fault = "a start key with a spurious attribute";
  } else {
    NValue& v = key[pick / 3 % key.size()].second;
    const bool number = v.t == NValue::T::N;
    v = query_internal::str("1");
    if (!number) v.t = NValue::T::N;
    p.want = "The provided key element does not match the schema";
    p.fault = "a start key of the wrong type";
  }
  p.request.exclusive_start_key = to_engine(key);
  return p;
}

// The first ten faults: see the catalog's description of the property.
Planted request_fault(const oracle::NaiveTable& model, const QuerySpec& valid, int mutation) {
  const NSchema& s = model.schema();
  QuerySpec base = valid;
  base.filter.reset();  // the mutations add their own
  Planted p{render_query(s, base), "", ""};
  QueryRequest& r = p.request;
  std::string& want = p.want;
  const std::vector<NKey> pk = model.partition_of(valid.index);
  const std::vector<NKey> sk = model.sort_of(valid.index);
  switch (mutation) {
    case 0: {  // filter on a key attribute of what is queried, in any position
      const NKey& k = sk.empty() || valid.style % 2 == 0 ? pk[0] : sk[0];
      r.attributes.names["#key"] = k.name;
      static const char* const kForms[] = {"attribute_exists(#key)", "attribute_exists(#key.x)",
                                           "x = #key", "#key[1] = x"};
      r.filter = kForms[valid.style / 2 % 4];
      want =
          "Filter Expression can only contain non-primary key attributes: Primary key attribute: " +
          k.name;
      p.fault = std::string("filter on a key attribute, as ") + kForms[valid.style / 2 % 4];
      break;
    }
    case 1:
      r.attributes.values[":unused"] = AttributeValue::S("x");
      want = "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}";
      p.fault = "an unused value";
      break;
    case 2:
      r.filter = "attribute_exists(#nobody)";
      want = "attribute name: #nobody";
      p.fault = "an undefined name";
      break;
    case 3: {  // the partition key with <
      r.key_condition = "#pk0 < :pk0";
      r.attributes.names = {{"#pk0", pk[0].name}};
      r.attributes.values = {{":pk0", to_engine(valid.key.partition[0])}};
      want = "Query key condition not supported";
      p.fault = "the partition key by <";
      break;
    }
    case 4:
      r.limit = 0;
      want = "Member must have value greater than or equal to 1";
      p.fault = "Limit 0";
      break;
    case 5: {
      const oracle::NIndex* index = nullptr;
      for (const oracle::NIndex& i : s.indexes) {
        if (i.name == valid.index) index = &i;
      }
      if (index == nullptr) {
        r.select = Select::kAllProjectedAttributes;
        want = "ALL_PROJECTED_ATTRIBUTES";
        p.fault = "Select ALL_PROJECTED_ATTRIBUTES on a table";
      } else if (index->local) {
        // A local index allows ConsistentRead and ALL_ATTRIBUTES (it
        // fetches from the table): another fault of the request's options.
        r.limit = 0;
        want = "Member must have value greater than or equal to 1";
        p.fault = "Limit 0";
      } else if (index->projection != oracle::NIndex::Projection::kAll && valid.style % 2 == 1) {
        r.select = Select::kAllAttributes;
        want = "Select type ALL_ATTRIBUTES is not supported for global secondary index " +
               index->name + " because its projection type is not ALL";
        p.fault = "Select ALL_ATTRIBUTES on an index that does not project all";
      } else {
        r.consistent_read = true;
        want = "Consistent reads are not supported on global secondary indexes";
        p.fault = "a consistent read of an index";
      }
      break;
    }
    case 6:
      r.index_name = "no_such_index";
      want = "The table does not have the specified index: no_such_index";
      p.fault = "an unknown index";
      break;
    case 7:
      r.filter = " ";
      want = "Invalid FilterExpression: The expression can not be empty;";
      p.fault = "an empty filter";
      break;
    case 8:
      r.filter = "Size = :v";  // a reserved word, bare
      r.attributes.values[":v"] = AttributeValue::S("x");
      want = "reserved keyword: Size";
      p.fault = "a bare reserved word";
      break;
    default:
      r.filter = valid.style % 2 == 0 ? "dog(x)" : "Contains(x, x)";
      want = valid.style % 2 == 0 ? "Invalid FilterExpression: Invalid function name; function: dog"
                                  : "Invalid FilterExpression: Invalid function name; function: "
                                    "Contains";
      p.fault = "an unknown function";
      break;
  }
  return p;
}

}  // namespace

namespace {

// Select against the projection: SPECIFIC_ATTRIBUTES without one, or one
// with ALL_ATTRIBUTES or COUNT.
Planted select_fault(const oracle::NaiveTable& model, const QuerySpec& valid) {
  QuerySpec q = valid;
  q.filter.reset();
  q.count_only = false;
  Planted p{render_query(model.schema(), q), "", ""};
  QueryRequest& r = p.request;
  // ALL_ATTRIBUTES on an index that does not project all is a fault of its own.
  bool partial = false;
  for (const oracle::NIndex& i : model.schema().indexes)
    partial = partial || (i.name == valid.index && !i.local &&
                          i.projection != oracle::NIndex::Projection::kAll);
  const std::uint64_t pick = partial && valid.style % 3 == 1 ? 2 : valid.style % 3;
  switch (pick) {
    case 0:
      r.select = Select::kSpecificAttributes;
      p.want =
          "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
          "SPECIFIC_ATTRIBUTES";
      p.fault = "Select SPECIFIC_ATTRIBUTES without a projection";
      break;
    case 1:
      r.select = Select::kAllAttributes;
      r.projection = "x";
      p.want = "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES";
      p.fault = "a ProjectionExpression with Select ALL_ATTRIBUTES";
      break;
    default:
      r.select = Select::kCount;
      r.projection = "x";
      p.want = "Cannot specify the ProjectionExpression when choosing to get only the Count";
      p.fault = "a ProjectionExpression with Select COUNT";
      break;
  }
  return p;
}

// A ProjectionExpression DynamoDB refuses.
Planted projection_fault(const oracle::NaiveTable& model, const QuerySpec& valid) {
  QuerySpec q = valid;
  q.filter.reset();
  q.count_only = false;  // a projection with Select COUNT is select_fault's
  Planted p{render_query(model.schema(), q), "", ""};
  QueryRequest& r = p.request;
  static const char* const kForms[][3] = {
      {"x, y, x", "Two document paths overlap with each other", "projection paths equal"},
      {"#p.a, #p", "Two document paths overlap with each other", "projection paths nested"},
      {"x.a, x[1]", "Two document paths conflict with each other", "projection paths conflict"},
      {"x, #nobody", "attribute name: #nobody", "an undefined name in the projection"},
      {" ", "Invalid ProjectionExpression: The expression can not be empty;",
       "an empty projection"},
      {"x,", "Invalid ProjectionExpression: Syntax error;", "a projection ending in a comma"},
  };
  const auto& form = kForms[valid.style / 3 % 6];
  r.projection = form[0];
  if (std::string_view(form[0]).find("#p") != std::string_view::npos)
    r.attributes.names["#p"] = "doc";
  p.want = form[1];
  p.fault = form[2];
  return p;
}

}  // namespace

PlantedRequest plant_invalid_request(const oracle::NaiveTable& model, const QuerySpec& drawn,
                                     int mutation) {
  // Each fault is planted in a request with the default Select (a drawn
  // ALL_ATTRIBUTES would be a second fault beside a ProjectionExpression).
  QuerySpec valid = drawn;
  valid.all_attributes = false;
  if (mutation < 10) return request_fault(model, valid, mutation);
  if (mutation < 14) return key_condition_fault(model, valid, mutation - 10, valid.style);
  if (mutation == 14) return reversed_key_between(model, valid);
  if (mutation == 16) return select_fault(model, valid);
  if (mutation == 17) return projection_fault(model, valid);
  Planted p = start_key_fault(model, valid, valid.style);
  if (p.want.empty()) p = request_fault(model, valid, 4);  // nothing to start from
  return p;
}

Outcome rejects_invalid_request(const oracle::NaiveTable& model, const Table& table,
                                const QuerySpec& valid, int mutation) {
  const Planted p = plant_invalid_request(model, valid, mutation);
  const QueryRequest& r = p.request;
  auto page = table.query(r);
  if (page)
    return Outcome::fails(
        fmt::format("{}: accepted; DynamoDB rejects it with \"{}\"", show_request(r), p.want));
  if (page.error().message.find(p.want) == std::string::npos) {
    return Outcome::fails(fmt::format("{}: rejected with \"{}\", expected a message with \"{}\"",
                                      show_request(r), page.error().message, p.want));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
