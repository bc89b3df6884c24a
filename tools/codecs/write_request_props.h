// File: tools/codecs/write_request_props.h
//
// What the write request reader (tools/codecs/write_request.h) promises of
// any text, stated once for its fuzz target (fuzz/write_request_fuzzer.cc):
//   * total: a request, or an error whose message is one non-empty line;
//   * stable: an accepted request, written back with write_request_json,
//     reads again as the same request;
//   * check_write_request answers every accepted request, with a one-line
//     message when it refuses it.
// and of the multi-item reader (tools/codecs/multi_request.h), the same
// with multi_request_json: total with one-line errors, stable, and within
// its counts (1 to 100 actions; BatchGetItem 1 to 100 keys in all).

#ifndef SORTKEY_TOOLS_CODECS_WRITE_REQUEST_PROPS_H_
#define SORTKEY_TOOLS_CODECS_WRITE_REQUEST_PROPS_H_

#include <string>
#include <string_view>

#include "properties/props/outcome.h"
#include "tools/codecs/multi_request.h"
#include "tools/codecs/write_request.h"

namespace sortkey::props {

inline Outcome write_request_one_line(const Error& e) {
  if (e.message.empty()) return Outcome::fails("an error without a message");
  if (e.message.find('\n') != std::string::npos) {
    return Outcome::fails("a message of more than one line: " + e.message);
  }
  return Outcome::holds();
}

inline Outcome write_request_reader(std::string_view text, cli::WriteOperation op) {
  const auto r = cli::parse_write_request(text, op);
  if (!r) return write_request_one_line(r.error());
  const std::string written = cli::write_request_json(*r).dump();
  const auto again = cli::parse_write_request(written, op);
  if (!again) return Outcome::fails("its own JSON is refused: " + again.error().message);
  if (cli::write_request_json(*again).dump() != written) {
    return Outcome::fails("read back as another request: " + written + " then " +
                          cli::write_request_json(*again).dump());
  }
  if (auto checked = cli::check_write_request(*r); !checked) {
    return write_request_one_line(checked.error());
  }
  return Outcome::holds();
}

inline Outcome multi_request_reader(std::string_view text, cli::WriteOperation op) {
  const auto r = cli::parse_multi_request(text, op);
  if (!r) return write_request_one_line(r.error());
  const std::size_t actions = r->writes.size() + r->gets.size();
  std::size_t keys = 0;
  for (const cli::BatchGetEntry& t : r->tables) keys += t.keys.size();
  if (op == cli::WriteOperation::kBatchGetItem ? (keys == 0 || keys > kMaxBatchGetKeys)
                                               : (actions == 0 || actions > kMaxTransactItems)) {
    return Outcome::fails("accepted with " + std::to_string(actions + keys) + " actions or keys");
  }
  const std::string written = cli::multi_request_json(*r).dump();
  const auto again = cli::parse_multi_request(written, op);
  if (!again) return Outcome::fails("its own JSON is refused: " + again.error().message);
  if (cli::multi_request_json(*again).dump() != written) {
    return Outcome::fails("read back as another request: " + written + " then " +
                          cli::multi_request_json(*again).dump());
  }
  for (const cli::TransactWriteEntry& e : r->writes) {
    if (auto checked = cli::check_write_request(e.request); !checked) {
      if (auto one = write_request_one_line(checked.error()); !one.ok()) return one;
    }
  }
  return Outcome::holds();
}

}  // namespace sortkey::props

#endif  // SORTKEY_TOOLS_CODECS_WRITE_REQUEST_PROPS_H_
