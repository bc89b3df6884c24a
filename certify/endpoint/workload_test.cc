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

// A planted fault is named by what the request holds, never by how one
// endpoint misjudges it: reversed S bounds of a key BETWEEN name the
// character above U+FFFF they hold.
TEST(PlantedFault, ReversedStringBoundsAreNamedByWhatTheyHold) {
  oracle::NSchema schema = table_schema();
  schema.sk = oracle::NKey{"sk", T::S};
  oracle::NaiveTable model(schema);
  model.put({{"pk", oracle::naive_scalar(T::S, "a")}, {"sk", oracle::naive_scalar(T::S, "b")}});
  props::QuerySpec valid;
  valid.key.partition = {oracle::naive_scalar(T::S, "a")};
  const props::PlantedRequest p = props::plant_invalid_request(model, valid, 14);
  EXPECT_EQ(p.fault, "key BETWEEN bounds reversed (S, a character above U+FFFF)");
}

// The "expected" answer of a divergence on Number text shows what DynamoDB
// answers: every Number in canonical text, nested ones included; text that
// is not a Number and other members are left as they are.
TEST(CanonicalNumbers, TheExpectedAnswerHoldsCanonicalText) {
  const nlohmann::json page = nlohmann::json::parse(R"({"Items": [
      {"n": {"N": "+01.50"}, "s": {"NS": ["1e2", "-0"]},
       "m": {"M": {"N": {"S": "01"}, "x": {"L": [{"N": "0.10E1"}]}}}, "bad": {"N": "one"}}],
      "Count": 1})");
  const nlohmann::json want = nlohmann::json::parse(R"({"Items": [
      {"n": {"N": "1.5"}, "s": {"NS": ["100", "0"]},
       "m": {"M": {"N": {"S": "01"}, "x": {"L": [{"N": "1"}]}}}, "bad": {"N": "one"}}],
      "Count": 1})");
  EXPECT_EQ(canonical_numbers(page), want) << canonical_numbers(page).dump();
  EXPECT_EQ(non_canonical_numbers(canonical_numbers(page)).size(), 1U);  // "one" only
}

}  // namespace
}  // namespace sortkey::certify::endpoint
