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
  EXPECT_EQ(answer(503, "<html>").retry_because, "HTTP 503: <html>");
  EXPECT_EQ(answer(400, R"({"__type":"x#ThrottlingException","message":"m"})").retry_because,
            "ThrottlingException: m");
  EXPECT_THROW(answer(400, R"({"__type":123})"), TransportError);
  EXPECT_THROW(answer(200, "[1]"), TransportError);
}

// Found by endpoint_answer_fuzzer (corpus/regressions/endpoint_answer_fuzzer/
// crash-secret-in-5xx-retry): a 5xx body was quoted in the retry reason
// unredacted.
TEST(DynamoDbAnswer, ARetriedBodyIsRedacted) {
  EXPECT_EQ(answer(503, "oops secretsecret").retry_because, "HTTP 503: oops <redacted>");
  // Redacted before the reason is cut at 200 bytes: no part of a secret at the cut.
  const std::string reason = answer(500, std::string(195, 'x') + "secretsecret").retry_because;
  EXPECT_EQ(reason.find("secr"), std::string::npos) << reason;
}

}  // namespace
}  // namespace sortkey::dynamodb
