#include "props/query_invalid_props.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "props/query_internal.h"

namespace sortkey::props {

using oracle::NKey;
using oracle::NSchema;
using query_internal::show_request;

Outcome rejects_invalid_request(const oracle::NaiveTable& model, const Table& table,
                                const QuerySpec& valid, int mutation) {
  const NSchema& s = model.schema();
  QuerySpec base = valid;
  base.filter.reset();  // the mutations add their own
  QueryRequest r = render_query(s, base);
  const std::vector<NKey> pk = model.partition_of(valid.index);
  const std::vector<NKey> sk = model.sort_of(valid.index);
  std::string want;
  switch (mutation) {
    case 0: {  // filter on a key attribute of what is queried
      const NKey& k = sk.empty() || valid.style % 2 == 0 ? pk[0] : sk[0];
      r.attributes.names["#key"] = k.name;
      r.filter = "attribute_exists(#key)";
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
    case 5:
      if (valid.index.empty()) {
        r.select = Select::kAllProjectedAttributes;
        want = "ALL_PROJECTED_ATTRIBUTES";
      } else {
        r.consistent_read = true;
        want = "Consistent reads are not supported on global secondary indexes";
      }
      break;
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
    default: {  // BETWEEN with the bounds reversed, on the first sort attribute or in a filter
      r.attributes.values[":lo"] = *AttributeValue::N("2");
      r.attributes.values[":hi"] = *AttributeValue::N("1");
      r.filter = "x BETWEEN :lo AND :hi";
      want = "The BETWEEN operator requires upper bound to be greater than or equal to lower bound";
      break;
    }
  }
  auto page = table.query(r);
  if (page)
    return Outcome::fails(
        fmt::format("{}: accepted; DynamoDB rejects it with \"{}\"", show_request(r), want));
  if (page.error().message.find(want) == std::string::npos) {
    return Outcome::fails(fmt::format("{}: rejected with \"{}\", expected a message with \"{}\"",
                                      show_request(r), page.error().message, want));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
