// File: dynamodb/read_answer.h
//
// An endpoint's answer read, with no connection behind it: what the HTTP
// status and body of one exchange of DynamoDB's JSON protocol mean (the
// failure handling of client.h), and how a body that is not DynamoDB's is
// described in a report and a message: never whole, one short line of valid
// UTF-8 at most. DynamoDbClient::call reads every answer with it; the fuzz
// target endpoint_answer_fuzzer calls it on any status and bytes.
//
// Example:
//   AnswerReading a = read_answer("Query", where, 400, R"({"__type":"x#ValidationException"})",
//                                 creds);
//   // a.reply->error->type == "ValidationException"
//   AnswerReading b = read_answer("Query", where, 500, "<html>\n<p>oops</p>", creds);
//   // b.server_error->body: {"HTML", 18 bytes, "<html>"}; b.retry_because ==
//   // "HTTP 500: an HTML body of 18 bytes: <html>"

#ifndef SORTKEY_DYNAMODB_READ_ANSWER_H_
#define SORTKEY_DYNAMODB_READ_ANSWER_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "dynamodb/client.h"
#include "dynamodb/credentials.h"
#include "dynamodb/retry.h"

namespace sortkey::dynamodb {

// The longest first line a BodySummary quotes, before the "…" of a cut.
inline constexpr std::size_t kFirstLineBytes = 120;
// The most of an error answer's message an ApiError keeps (cut on a
// character): DynamoDB's are a sentence or two.
inline constexpr std::size_t kMaxErrorMessage = 300;

// Reads the answer to `action` (HTTP `status`, body `text`); `where` starts
// every message ("http://h:p/ Query"):
//   * 5xx: a retry; throttling when the body is a JSON object whose __type is
//     a throttling error, else a server error (`server_error` describes it);
//   * 429 or a throttling error type: a throttled retry; a transient error
//     type: a retry;
//   * 200 with DynamoDB's JSON: a reply; another status with an error
//     object: a reply holding the ApiError.
// Throws TransportError kProtocol, with its BadAnswer, for a body that is not
// a JSON object, nests too deep, or has a member of the wrong type (answer.h).
// Messages pass through `credentials.redact`, and quote a body only as
// describe_body does.
AnswerReading read_answer(std::string_view action, std::string_view where, long status,
                          std::string_view text, const Credentials& credentials);

// A body described: its type (empty; JSON when it parses as JSON within the
// nesting limit; HTML when its first character that is not blank is '<';
// binary when it is not UTF-8 or holds control characters other than tab,
// newline and carriage return; text), its length, its first line that is
// not blank (redacted, then quoted by support::excerpt within
// kFirstLineBytes) and a JSON object's short __type. Total on any bytes.
BodySummary summarize_body(std::string_view text, const Credentials& credentials);

// "an HTML body of 1234 bytes: <!DOCTYPE html>", "an empty body", "a JSON
// body of 80 bytes (__type InternalServerError): {...": one line.
std::string describe_body(const BodySummary& body);

// What DynamoDbClient::call throws for a 5xx that persisted through
// `attempts` attempts: kServerError with `answer`, naming `where`, the
// status, the retry settings and the body as describe_body says.
TransportError server_error_after(std::string_view where, const BadAnswer& answer, int attempts,
                                  const RetrySettings& retry, const Credentials& credentials);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_READ_ANSWER_H_
