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

}  // namespace
}  // namespace sortkey::dynamodb
