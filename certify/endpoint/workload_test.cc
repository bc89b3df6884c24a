#include "certify/endpoint/workload.h"

#include <gtest/gtest.h>

#include "properties/props/query_invalid_props.h"

namespace sortkey::certify::endpoint {
namespace {

using oracle::NItem;
using oracle::NValue;
using T = NValue::T;

oracle::NSchema table_schema() {
  oracle::NSchema s;
  s.pk = {"pk", T::S};
  s.sk = oracle::NKey{"sk", T::N};
  s.indexes = {{"gsi1", {{"g1", T::S}}, {}, oracle::NIndex::Projection::kAll, {}}};
  return s;
}

// An item refused for its Number is attributed to the Number (reference
// section 1.2), before any key rule.
TEST(RejectionCause, NamesTheNumberDynamoDbRefuses) {
  const NItem zero = {{"pk", oracle::naive_scalar(T::S, "a")},
                      {"sk", oracle::naive_scalar(T::N, "1")},
                      {"n", oracle::naive_scalar(T::N, "0e126")}};
  EXPECT_EQ(rejection_cause(table_schema(), zero),
            (std::pair<std::string, std::string>{"number", "n"}));
  NValue nested;
  nested.t = T::M;
  nested.map.emplace_back("x", oracle::naive_scalar(T::N, "NaN"));
  const NItem deep = {{"pk", oracle::naive_scalar(T::S, "")},
                      {"sk", oracle::naive_scalar(T::N, "1")},
                      {"m", nested}};
  EXPECT_EQ(rejection_cause(table_schema(), deep).first, "number");
  const NItem empty_index_key = {{"pk", oracle::naive_scalar(T::S, "a")},
                                 {"sk", oracle::naive_scalar(T::N, "1")},
                                 {"g1", oracle::naive_scalar(T::S, "")}};
  EXPECT_EQ(rejection_cause(table_schema(), empty_index_key).first, "index_key_empty");
}

// A planted request is sent as DynamoDB JSON with its Select, projection and start key.
TEST(QueryRequestJson, CarriesSelectProjectionAndStartKey) {
  oracle::NaiveTable model(table_schema());
  model.put({{"pk", oracle::naive_scalar(T::S, "a")}, {"sk", oracle::naive_scalar(T::N, "1")}});
  props::QuerySpec valid;
  valid.key.partition = {oracle::naive_scalar(T::S, "a")};
  valid.style = 1;  // ProjectionExpression with Select ALL_ATTRIBUTES
  const props::PlantedRequest p = props::plant_invalid_request(model, valid, 16);
  const nlohmann::json j = query_request_json("t", p.request);
  EXPECT_EQ(j.value("Select", std::string()), "ALL_ATTRIBUTES");
  EXPECT_EQ(j.value("ProjectionExpression", std::string()), "x");
  EXPECT_EQ(p.fault, "a ProjectionExpression with Select ALL_ATTRIBUTES");
  valid.style = 2;  // a start key of the wrong type
  const props::PlantedRequest k = props::plant_invalid_request(model, valid, 15);
  const nlohmann::json start = query_request_json("t", k.request);
  ASSERT_TRUE(start.contains("ExclusiveStartKey")) << start.dump();
  EXPECT_EQ(k.fault, "a start key of the wrong type");
}

}  // namespace
}  // namespace sortkey::certify::endpoint
