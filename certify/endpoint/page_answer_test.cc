// Pages read without a connection: a page's members of the wrong JSON type
// named in a protocol error, its items, counts and key.

#include "certify/endpoint/page_answer.h"

#include <gtest/gtest.h>

#include <string>

#include "dynamodb/read_answer.h"

namespace sortkey::certify::endpoint {
namespace {

const dynamodb::Credentials kCredentials{{"AKIDEXAMPLE", "secretsecret", ""}, "test"};

dynamodb::AnswerReading answer(long status, const std::string& body) {
  return dynamodb::read_answer("Query", "http://e Query", status, body, kCredentials);
}

// Read as the client reads an answer (its JSON types) and then as a page.
std::string protocol_error(const std::string& body) {
  try {
    read_page("Query", *answer(200, body).reply);
  } catch (const dynamodb::TransportError& e) {
    EXPECT_EQ(e.kind(), dynamodb::TransportError::Kind::kProtocol);
    return e.what();
  }
  return "";
}

TEST(DynamoDbAnswer, APageMemberOfTheWrongTypeIsNamed) {
  const std::string at = "http://e Query: HTTP 200: in the answer, ";
  EXPECT_EQ(protocol_error(R"({"Count":"1"})"), at + "/Count is a string, not a whole number");
  EXPECT_EQ(protocol_error(R"({"ScannedCount":1.5})"),
            at + "/ScannedCount is 1.5, not a whole number of 0 or more");
  EXPECT_EQ(protocol_error(R"({"Count":4294967297})"),
            "the Query answer's \"Count\" is 4294967297, not a count (an integer from 0)");
  EXPECT_EQ(protocol_error(R"({"Items":{"a":{"pk":{"S":"a"}}}})"),
            at + "/Items is an object, not an array");
  EXPECT_EQ(protocol_error(R"({"LastEvaluatedKey":"x"})"),
            at + "/LastEvaluatedKey is a string, not an object");
}

TEST(DynamoDbAnswer, APageReadsItsItemsCountsAndKey) {
  const PageAnswer p =
      read_page("Scan", *answer(200, R"({"Items":[{"pk":{"S":"a"}}],"Count":1,"ScannedCount":2,)"
                                     R"("LastEvaluatedKey":{"pk":{"S":"a"}}})")
                             .reply);
  EXPECT_TRUE(p.malformed.empty()) << p.malformed;
  EXPECT_EQ(p.items.size(), 1u);
  EXPECT_EQ(p.count, 1);
  EXPECT_EQ(p.scanned, 2);
  EXPECT_TRUE(p.lek.has_value());
  EXPECT_EQ(read_page("Query", *answer(200, R"({"Items":[{"pk":{"N":"x"}}]})").reply)
                .malformed.rfind("an item of the answer is not valid DynamoDB JSON", 0),
            0u);
}

}  // namespace
}  // namespace sortkey::certify::endpoint
