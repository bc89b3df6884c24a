// File: certify/endpoint/page_answer_props.h
//
// What the readers of an endpoint's answers promise of any HTTP status and
// body (the transactions' too, transaction_answer.h), as a framework-free property function:
// read_answer (dynamodb/read_answer.h), as the DynamoDB client reads every answer, and read_page
// (page_answer.h), as the endpoint workload reads a Query or Scan page. It lives beside the page
// reader, not in properties/props/, because certify/ builds on properties/; the fuzz builds link it
// from sortkey_certify_formats.
//
// Example (a driver over any status, action and body):
//   check(endpoint_answer_holds(200, "Query", R"({"Items":[],"Count":0})"));

#ifndef SORTKEY_CERTIFY_ENDPOINT_PAGE_ANSWER_PROPS_H_
#define SORTKEY_CERTIFY_ENDPOINT_PAGE_ANSWER_PROPS_H_

#include <string>
#include <string_view>

#include "properties/props/outcome.h"

namespace sortkey::certify::endpoint {

// The answer to `action` with HTTP `status` and `body`, read with example
// credentials:
//   * read_answer is total: a reply, a retry with its reason, or a
//     TransportError kProtocol with a text; no other exception escapes;
//   * HTTP 5xx and 429 are retried, and otherwise only an error type the
//     SDKs retry (its reason then says "type: message"); a reply to 200 is
//     the body, an object, without error; a reply to anything else is an
//     API error with that status and a short type (no '#', no ':');
//   * the secret key and the session token never appear in an error's or a
//     retry's text;
//   * a server error (a 5xx that is not throttling, as the client throws
//     it after its attempts) and a TransportError kProtocol (with the
//     answer it carries) read by failed_answer are failures of kind
//     "server_error" and "malformed": failure_text one line of valid UTF-8
//     of at most 700 bytes, recorded_answer valid UTF-8 JSON with the
//     status, neither with a secret, and a divergence with that actual
//     answer is never replayed and reads its error type back;
//   * read_page of a reply to 200 is total too: malformed with a reason, a
//     TransportError kProtocol, or for a Query or Scan the body's items
//     (each writes back to the item read), its Count and ScannedCount (-1
//     when absent), and a LastEvaluatedKey exactly when the body has a
//     non-null one.
props::Outcome endpoint_answer_holds(long status, const std::string& action, std::string_view body);

// The readers of an answer to TransactWriteItems, TransactGetItems and
// BatchGetItem (transaction_answer.h) on the answer to `action` with HTTP
// `status` and `body` as read_answer reads it, and on the body parsed
// alone (duplicate keys kept as nlohmann keeps them, any JSON type), as an
// answer and as a TransactionCanceledException's:
//   * no exception escapes any of them, against expected answers of every
//     form (applied, refused, cancelled with codes, with Items judged, and
//     a reproduction's expected answer of wrong types);
//   * a verdict is "" or a known kind, its sentence one line of valid
//     UTF-8 within kTransactionDetailBytes; the recorded answer is valid
//     UTF-8 JSON;
//   * each reader agrees with an expected answer made of what it read: the
//     cancellation's reasons (with their Items), TransactGetItems'
//     Responses and BatchGetItem's items per table.
props::Outcome transaction_answer_holds(long status, const std::string& action,
                                        std::string_view body);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_PAGE_ANSWER_PROPS_H_
