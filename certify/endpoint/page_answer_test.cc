// Pages read without a connection: a page's members of the wrong JSON type
// named in a protocol error, its items, counts and key; and the answers
// DynamoDB never gives (a server error, a body that is not its JSON, none at
// all) as a divergence records them.

#include "certify/endpoint/page_answer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "certify/endpoint/divergences.h"
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
  // An item that is not DynamoDB's JSON is quoted, never whole.
  const std::string huge = R"({"Items":[{"pk":{"N":")" + std::string(100000, '7') + R"(x"}}]})";
  const std::string malformed = read_page("Query", *answer(200, huge).reply).malformed;
  EXPECT_EQ(malformed.rfind("an item of the answer is not valid DynamoDB JSON", 0), 0u);
  EXPECT_LT(malformed.size(), 1000u) << malformed.size();
}

// A 5xx as the client throws it after its attempts.
dynamodb::TransportError server_error(long status, const std::string& body) {
  const dynamodb::AnswerReading a = answer(status, body);
  EXPECT_TRUE(a.server_error.has_value());
  return dynamodb::server_error_after("http://e Query", *a.server_error, 3, {}, kCredentials);
}

TEST(FailedAnswer, AServerErrorIsAnAnswerDescribedNeverQuoted) {
  std::string page = "\n<!DOCTYPE html>\n<html><body><pre>Traceback (most recent call last):\n";
  for (int i = 0; i < 50; ++i)
    page += "  File \"handler.py\", line 1, in handle \xE2\x80\x94 \xC3\xA9tat\n";
  const auto a = failed_answer(server_error(500, page));
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->no_answer, "server error");
  EXPECT_EQ(failure_kind(*a), "server_error");
  ASSERT_TRUE(a->error.has_value());
  EXPECT_EQ(a->error->type, "HTTP 500");
  // The same between occurrences: a signature is made of it.
  EXPECT_EQ(a->error->message, "an HTML body");
  const std::string text = failure_text(*a);
  EXPECT_EQ(text,
            "HTTP 500: an HTML body of " + std::to_string(page.size()) + " bytes: <!DOCTYPE html>");
  const nlohmann::json recorded = recorded_answer(*a);
  EXPECT_EQ(recorded, nlohmann::json::parse(
                          R"({"error":"HTTP 500","message":"an HTML body","status":500,"body":)"
                          R"({"type":"HTML","bytes":)" +
                          std::to_string(page.size()) + R"(,"first_line":"<!DOCTYPE html>"}})"));
  // A JSON body keeps its __type, never the rest of its text.
  const auto j = failed_answer(
      server_error(503, R"({"__type":"x#InternalFailure","message":"line one\nline two"})"));
  ASSERT_TRUE(j.has_value());
  EXPECT_EQ(j->error->message, "a JSON body (__type InternalFailure)");
  EXPECT_EQ(recorded_answer(*j)["body"]["__type"], "InternalFailure");
  EXPECT_EQ(failure_text(*j).find('\n'), std::string::npos) << failure_text(*j);
}

TEST(FailedAnswer, ABodyThatIsNotDynamoDbsJsonNamesWhatIsWrong) {
  std::optional<PageAnswer> a;
  try {
    read_page("Query", *answer(200, R"({"Items":{"a":{"pk":{"S":"a"}}}})").reply);
  } catch (const dynamodb::TransportError& e) {
    a = failed_answer(e);
  }
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(failure_kind(*a), "malformed");
  EXPECT_EQ(a->error->type, "HTTP 200");
  EXPECT_EQ(a->error->message, "/Items is an object, not an array");
  EXPECT_EQ(recorded_answer(*a)["body"]["type"], "JSON");
  EXPECT_EQ(failure_text(*a).rfind("HTTP 200 that is not DynamoDB's JSON: /Items is an object, "
                                   "not an array (a JSON body of ",
                                   0),
            0u)
      << failure_text(*a);
  // A body that is not JSON, cut inside a multibyte character and not UTF-8
  // at all: what is recorded is still valid UTF-8 (dump() throws otherwise).
  for (const std::string& body : {std::string(200, 'x') + "\xF0\x9F\x98\x80",
                                  std::string("\xFF\xFE<\x80\n"), std::string()}) {
    try {
      answer(400, body);
      ADD_FAILURE() << "read as DynamoDB's JSON: " << body;
    } catch (const dynamodb::TransportError& e) {
      const auto b = failed_answer(e);
      ASSERT_TRUE(b.has_value());
      EXPECT_EQ(failure_kind(*b), "malformed");
      EXPECT_NO_THROW((void)recorded_answer(*b).dump());
      EXPECT_NO_THROW((void)nlohmann::json(failure_text(*b)).dump());
    }
  }
}

TEST(FailedAnswer, NoAnswerAtAllAndOtherFailures) {
  using Kind = dynamodb::TransportError::Kind;
  const auto t =
      failed_answer(dynamodb::TransportError(Kind::kTimeout, "no answer within 1000 ms"));
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(failure_kind(*t), "no_answer");
  EXPECT_EQ(t->error->type, kNoAnswerTimeout);
  EXPECT_EQ(failure_text(*t), "no answer: no answer within 1000 ms");
  EXPECT_EQ(recorded_answer(*t),
            nlohmann::json({{"error", kNoAnswerTimeout}, {"message", "no answer within 1000 ms"}}));
  EXPECT_EQ(failed_answer(dynamodb::TransportError(Kind::kConnectionLost, "reset"))->error->type,
            kNoAnswerLost);
  // Not an answer of the endpoint: the run decides (could not run).
  for (Kind k : {Kind::kUnreachable, Kind::kThrottled, Kind::kInterrupted, Kind::kProtocol}) {
    EXPECT_FALSE(failed_answer(dynamodb::TransportError(k, "x")).has_value());
  }
  EXPECT_EQ(failure_kind(PageAnswer{}), "");
  EXPECT_EQ(failure_text(PageAnswer{}), "");
}

TEST(FailedAnswer, ADivergenceOfOneIsNeverReplayed) {
  Divergence d;
  d.kind = "server_error";
  EXPECT_TRUE(d.unanswered());
  d.kind = "no_answer";
  EXPECT_TRUE(d.unanswered());
  // malformed: an item the oracle cannot read is replayed; a whole answer
  // that is not DynamoDB's JSON (with its status) is not.
  d.kind = "malformed";
  d.reproduction = {{"actual", {{"Items", nlohmann::json::array()}}}};
  EXPECT_FALSE(d.unanswered());
  d.reproduction = {{"actual", {{"error", "HTTP 200"}, {"status", 200}}}};
  EXPECT_TRUE(d.unanswered());
  EXPECT_EQ(d.error_type(), "HTTP 200");
  // Whatever shape the reproduction has.
  d.reproduction = nlohmann::json::array({1, 2});
  EXPECT_FALSE(d.unanswered());
  EXPECT_EQ(d.error_type(), "");
  EXPECT_EQ(d.error_message(), "");
  d.kind = "rejected";
  d.reproduction = {{"actual", "a string"}};
  EXPECT_FALSE(d.unanswered());
  EXPECT_EQ(d.error_message(), "");
}

}  // namespace
}  // namespace sortkey::certify::endpoint
