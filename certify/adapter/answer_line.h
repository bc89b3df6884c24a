// File: certify/adapter/answer_line.h
//
// One answer line of protocol v1 (adapters/PROTOCOL.md) read and checked,
// with no process behind it: the envelope of every answer (one JSON object,
// within the nesting limit, the id of the request it answers, exactly one of
// "ok" and "error", the error a string) and the fields of the hello answer.
// The client (adapter_client.h) calls these on each line it reads; the fuzz
// target adapter_line_fuzzer calls them on any bytes. Total: every line
// gives a value or an Error whose message is a sentence starting with "the
// adapter", for the client to follow with the request and response lines.
//
// Example:
//   auto answer = read_answer(R"({"id":3,"ok":"00157"})", std::vector<std::int64_t>{3, 4});
//   // answer->at("ok") == "00157"
//   auto hello = read_hello(R"({"id":0,"ok":{"protocol":1,"name":"x","codecs":["padded"]}})");
//   // hello->codecs == {"padded"}

#ifndef SORTKEY_CERTIFY_ADAPTER_ANSWER_LINE_H_
#define SORTKEY_CERTIFY_ADAPTER_ANSWER_LINE_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/error.h"

namespace sortkey::certify::adapter {

// The protocol version this certifier speaks.
inline constexpr int kProtocolVersion = 1;

struct Hello {
  int protocol = 0;
  std::string name;
  std::vector<std::string> codecs;   // the protocol codecs it listed, in protocol order
  std::vector<std::string> unknown;  // names it listed that protocol v1 does not know
  std::string line;                  // its answer, as received
};

// The answer `line` to the request due[0]; due[1..] are the requests sent
// after it, whose answers must come later. REQUIRES: !due.empty(). Errors
// (kBadFormat): nested too deep, not JSON, not an object, no integer "id",
// an id out of order or unknown, none or both of "ok" and "error", an
// "error" that is not a string.
Result<nlohmann::json> read_answer(std::string_view line, std::span<const std::int64_t> due);

// The answer `line` to hello (request 0): the envelope as above, then "ok"
// an object with "protocol" 1, a non-empty string "name" and "codecs" an
// array of strings. Errors (kBadFormat): "the adapter's hello answer ...".
Result<Hello> read_hello(std::string_view line);

}  // namespace sortkey::certify::adapter

#endif  // SORTKEY_CERTIFY_ADAPTER_ANSWER_LINE_H_
