#include "props/query_invalid_props.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "props/query_internal.h"

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

struct Planted {
  QueryRequest request;
  std::string want;  // a fragment of DynamoDB's message
};

// The faults: see rejects_invalid_request.
Planted request_fault(const oracle::NaiveTable& model, const QuerySpec& valid, int mutation) {
  const NSchema& s = model.schema();
  QuerySpec base = valid;
  base.filter.reset();  // the mutations add their own
  Planted p{render_query(s, base), ""};
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
      break;
    }
    case 1:
      r.attributes.values[":unused"] = AttributeValue::S("x");
      want = "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}";
      break;
    case 2:
      r.filter = "attribute_exists(#nobody)";
      want = "attribute name: #nobody";
      break;
    case 3: {  // the partition key with <
      r.key_condition = "#pk0 < :pk0";
      r.attributes.names = {{"#pk0", pk[0].name}};
      r.attributes.values = {{":pk0", to_engine(valid.key.partition[0])}};
      want = "Query key condition not supported";
      break;
    }
    case 4:
      r.limit = 0;
      want = "Member must have value greater than or equal to 1";
      break;
    case 5: {
      const oracle::NIndex* index = nullptr;
      for (const oracle::NIndex& i : s.indexes) {
        if (i.name == valid.index) index = &i;
      }
      if (index == nullptr) {
        r.select = Select::kAllProjectedAttributes;
        want = "ALL_PROJECTED_ATTRIBUTES";
      } else if (index->projection != oracle::NIndex::Projection::kAll && valid.style % 2 == 1) {
        r.select = Select::kAllAttributes;
        want = "Select type ALL_ATTRIBUTES is not supported for global secondary index " +
               index->name + " because its projection type is not ALL";
      } else {
        r.consistent_read = true;
        want = "Consistent reads are not supported on global secondary indexes";
      }
      break;
    }
    case 6:
      r.index_name = "no_such_index";
      want = "The table does not have the specified index: no_such_index";
      break;
    case 7:
      r.filter = " ";
      want = "Invalid FilterExpression: The expression can not be empty;";
      break;
    case 8:
      r.filter = "Size = :v";  // a reserved word, bare
      r.attributes.values[":v"] = AttributeValue::S("x");
      want = "reserved keyword: Size";
      break;
    default:
      r.filter = valid.style % 2 == 0 ? "dog(x)" : "Contains(x, x)";
      want = valid.style % 2 == 0 ? "Invalid FilterExpression: Invalid function name; function: dog"
                                  : "Invalid FilterExpression: Invalid function name; function: "
                                    "Contains";
      break;
  }
  return p;
}

}  // namespace

Outcome rejects_invalid_request(const oracle::NaiveTable& model, const Table& table,
                                const QuerySpec& valid, int mutation) {
  const Planted p = request_fault(model, valid, mutation);
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
