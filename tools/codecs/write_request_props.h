// File: tools/codecs/write_request_props.h
//
// What the write request reader (tools/codecs/write_request.h) promises of
// any text, stated once for its fuzz target (fuzz/write_request_fuzzer.cc):
//   * total: a request, or an error whose message is one non-empty line;
//   * stable: an accepted request, written back with write_request_json,
//     reads again as the same request;
//   * check_write_request answers every accepted request, with a one-line
//     message when it refuses it.

#ifndef SORTKEY_TOOLS_CODECS_WRITE_REQUEST_PROPS_H_
#define SORTKEY_TOOLS_CODECS_WRITE_REQUEST_PROPS_H_

#include <string>
#include <string_view>

#include "properties/props/outcome.h"
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

}  // namespace sortkey::props

#endif  // SORTKEY_TOOLS_CODECS_WRITE_REQUEST_PROPS_H_
