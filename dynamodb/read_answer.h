// File: dynamodb/read_answer.h
//
// An endpoint's answer read, with no connection behind it: what the HTTP
// status and body of one exchange of DynamoDB's JSON protocol mean (the
// failure handling of client.h). DynamoDbClient::call reads every answer
// with it; the fuzz target endpoint_answer_fuzzer calls it on any status and
// bytes.
//
// Example:
//   AnswerReading a = read_answer("Query", where, 400, R"({"__type":"x#ValidationException"})",
//                                 creds);
//   // a.reply->error->type == "ValidationException"

#ifndef SORTKEY_DYNAMODB_READ_ANSWER_H_
#define SORTKEY_DYNAMODB_READ_ANSWER_H_

#include <string_view>

#include "dynamodb/client.h"
#include "dynamodb/credentials.h"

namespace sortkey::dynamodb {

// Reads the answer to `action` (HTTP `status`, body `text`); `where` starts
// every message ("http://h:p/ Query"). Throws TransportError kProtocol for
// a body that is not a JSON object, nests too deep, or has a member of the
// wrong type (answer.h). Messages pass through `credentials.redact`.
AnswerReading read_answer(std::string_view action, std::string_view where, long status,
                          std::string_view text, const Credentials& credentials);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_READ_ANSWER_H_
