// Endpoint answers read without a connection: what a status and body mean.

#include "dynamodb/read_answer.h"

#include <gtest/gtest.h>

#include <string>

namespace sortkey::dynamodb {
namespace {

const Credentials kCredentials{{"AKIDEXAMPLE", "secretsecret", ""}, "test"};

AnswerReading answer(long status, const std::string& body) {
  return read_answer("Query", "http://e Query", status, body, kCredentials);
}

TEST(DynamoDbAnswer, StatusAndBodyGiveAReplyARetryOrAProtocolError) {
  const AnswerReading ok = answer(200, R"({"Count":0})");
  ASSERT_TRUE(ok.reply);
  EXPECT_TRUE(ok.reply->ok());
  const AnswerReading refused =
      answer(400, R"({"__type":"com.amazonaws.dynamodb.v20120810#ValidationException:x",)"
                  R"("message":"bad secretsecret"})");
  ASSERT_TRUE(refused.reply && refused.reply->error);
  EXPECT_EQ(refused.reply->error->type, "ValidationException");
  EXPECT_EQ(refused.reply->error->message, "bad <redacted>");
  EXPECT_EQ(answer(503, "<html>").retry_because, "HTTP 503: an HTML body of 6 bytes: <html>");
  EXPECT_EQ(answer(400, R"({"__type":"x#ThrottlingException","message":"m"})").retry_because,
            "ThrottlingException: m");
  EXPECT_THROW(answer(400, R"({"__type":123})"), TransportError);
  EXPECT_THROW(answer(200, "[1]"), TransportError);
}

// An error's message is kept to its first 300 bytes, cut between
// characters: a long one never makes a report or a one-line error huge.
TEST(DynamoDbAnswer, AnErrorMessageIsCutOnACharacter) {
  std::string long_message;
  for (int i = 0; i < 400; ++i) long_message += "\u00e9";  // é: two bytes each
  const AnswerReading refused =
      answer(400, R"({"__type":"x#ValidationException","message":")" + long_message + "a\"}");
  ASSERT_TRUE(refused.reply && refused.reply->error);
  EXPECT_EQ(refused.reply->error->message.size(), kMaxErrorMessage);
  EXPECT_EQ(refused.reply->error->message.substr(0, 2), "\xC3\xA9");
  const AnswerReading odd =
      answer(400, R"({"__type":"x#ValidationException","message":"x)" + long_message + "\"}");
  ASSERT_TRUE(odd.reply && odd.reply->error);
  EXPECT_EQ(odd.reply->error->message.size(), kMaxErrorMessage - 1);  // never half an é
}

// Found by endpoint_answer_fuzzer (corpus/regressions/endpoint_answer_fuzzer/
// crash-secret-in-5xx-retry): a 5xx body was quoted in the retry reason
// unredacted.
TEST(DynamoDbAnswer, ARetriedBodyIsRedacted) {
  EXPECT_EQ(answer(503, "oops secretsecret").retry_because,
            "HTTP 503: a text body of 17 bytes: oops <redacted>");
  // Redacted before the line is cut at 120 bytes: no part of a secret at the cut.
  for (std::size_t at : {100, 110, 115, 118, 119, 195}) {
    const std::string reason = answer(500, std::string(at, 'x') + "secretsecret").retry_because;
    EXPECT_EQ(reason.find("secr"), std::string::npos) << reason;
  }
}

// The measured endpoint: an HTML traceback page for a valid Query. A server
// error is a retry that says what the body was, never the body whole.
TEST(DynamoDbAnswer, AServerErrorIsDescribedNotQuoted) {
  std::string page = "<!DOCTYPE html>\n<html><head><title>500</title></head>\n<body><pre>";
  for (int i = 0; i < 2000; ++i) page += "Traceback line \xE2\x82\xAC " + std::to_string(i) + "\n";
  const AnswerReading r = answer(500, page);
  ASSERT_FALSE(r.reply);
  ASSERT_TRUE(r.server_error);
  EXPECT_FALSE(r.throttled);
  EXPECT_EQ(r.server_error->status, 500);
  EXPECT_EQ(r.server_error->reason, "a server error");
  EXPECT_EQ(r.server_error->body.type, "HTML");
  EXPECT_EQ(r.server_error->body.bytes, page.size());
  EXPECT_EQ(r.server_error->body.first_line, "<!DOCTYPE html>");
  EXPECT_EQ(r.retry_because,
            "HTTP 500: an HTML body of " + std::to_string(page.size()) + " bytes: <!DOCTYPE html>");
  const TransportError e =
      server_error_after("http://e Query", *r.server_error, 3, RetrySettings{}, kCredentials);
  EXPECT_EQ(e.kind(), TransportError::Kind::kServerError);
  ASSERT_TRUE(e.answer());
  EXPECT_EQ(std::string(e.what()).find("http://e Query: HTTP 500 after 3 attempts (retry mode "
                                       "adaptive, settings from default"),
            0u)
      << e.what();
  EXPECT_LT(std::string(e.what()).size(), 400u);
}

// Throttling stays throttling whatever the status; a 5xx without it is a server error.
TEST(DynamoDbAnswer, ThrottlingIsNeverAServerError) {
  const AnswerReading t = answer(503, R"({"__type":"x#ThrottlingException","message":"slow"})");
  EXPECT_TRUE(t.throttled);
  EXPECT_FALSE(t.server_error);
  EXPECT_TRUE(answer(429, R"({"__type":"x#Other","message":"m"})").throttled);
  const AnswerReading json = answer(500, R"({"__type":"x#InternalServerError","message":"m"})");
  ASSERT_TRUE(json.server_error);
  EXPECT_EQ(json.server_error->body.type, "JSON");
  EXPECT_EQ(json.server_error->body.error_type, "InternalServerError");
}

TEST(DynamoDbAnswer, BodiesAreDescribedByType) {
  const auto type = [](std::string_view body) { return summarize_body(body, kCredentials).type; };
  EXPECT_EQ(type(""), "empty");
  EXPECT_EQ(type("[1, 2]"), "JSON");
  EXPECT_EQ(type("  \n <html>"), "HTML");
  EXPECT_EQ(type("Internal Server Error"), "text");
  EXPECT_EQ(type(std::string("\x00\x01\xFF", 3)), "binary");
  EXPECT_EQ(type("caf\xC3"), "binary");  // not UTF-8
  const BodySummary blank_first = summarize_body("\n\n  \nsecond line\nthird", kCredentials);
  EXPECT_EQ(blank_first.first_line, "second line");
  const BodySummary tabs = summarize_body(
      "a\tb\x01"
      "c\xFF",
      kCredentials);
  EXPECT_EQ(tabs.first_line, "a\\tb\\u0001c\\xFF");
  EXPECT_EQ(describe_body(summarize_body("", kCredentials)), "an empty body");
}

// An answer that is not DynamoDB's JSON says what is wrong in words that
// stay the same between occurrences, and what its body was.
TEST(DynamoDbAnswer, AProtocolErrorCarriesTheAnswer) {
  try {
    answer(200, R"({"Items": {}})");
    FAIL() << "no protocol error";
  } catch (const TransportError& e) {
    EXPECT_EQ(e.kind(), TransportError::Kind::kProtocol);
    ASSERT_TRUE(e.answer());
    EXPECT_EQ(e.answer()->status, 200);
    EXPECT_EQ(e.answer()->reason, "/Items is an object, not an array");
    EXPECT_EQ(e.answer()->body.type, "JSON");
    EXPECT_EQ(std::string(e.what()),
              "http://e Query: HTTP 200: in the answer, /Items is an object, not an array");
  }
  try {
    answer(200, std::string(5000, 'y') + "\n");
    FAIL() << "no protocol error";
  } catch (const TransportError& e) {
    ASSERT_TRUE(e.answer());
    EXPECT_EQ(e.answer()->reason, "a body that is not a JSON object");
    EXPECT_LT(std::string(e.what()).size(), 400u) << e.what();
  }
}

}  // namespace
}  // namespace sortkey::dynamodb
