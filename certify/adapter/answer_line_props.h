// File: certify/adapter/answer_line_props.h
//
// What the certifier's readers of an adapter's standard output promise of
// any bytes, as framework-free property functions: take_line
// (adapter_process.h) cuts lines that add up to the input, and read_answer
// and read_hello (answer_line.h) accept only what protocol v1
// (adapters/PROTOCOL.md) allows, or refuse in a sentence starting "the
// adapter". They live beside the readers, not in properties/props/,
// because certify/ builds on properties/; the fuzz builds link them from
// sortkey_certify_formats.
//
// Example (a driver over any bytes):
//   std::vector<std::string> lines;
//   check(take_line_frames(bytes, std::size_t{1} << 20, &lines));
//   check(hello_line_holds(lines[0]));
//   check(answer_line_holds(lines[1], 1, 1));

#ifndef SORTKEY_CERTIFY_ADAPTER_ANSWER_LINE_PROPS_H_
#define SORTKEY_CERTIFY_ADAPTER_ANSWER_LINE_PROPS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "properties/props/outcome.h"

namespace sortkey::certify::adapter {

// take_line at `max_line` cuts `bytes` into lines that hold no newline and
// are at most `max_line` long; the lines taken plus their newlines (and a
// dropped '\r' before one) plus what is left add up to the input; and it
// refuses, consuming nothing, exactly when a line or the unterminated rest
// is longer than the limit. The lines taken are appended to `*lines` unless
// it is nullptr.
props::Outcome take_line_frames(std::string_view bytes, std::size_t max_line,
                                std::vector<std::string>* lines);

// read_answer of `line` as the answer due to request `id`, with the
// requests up to `last` outstanding: a refusal starts "the adapter"; an
// accepted answer is an object whose id is `id`, with exactly one of "ok"
// and "error" (a string), and it prints and reads back as itself.
props::Outcome answer_line_holds(std::string_view line, std::int64_t id, std::int64_t last);

// read_hello of `line`: a refusal starts "the adapter"; an accepted hello
// speaks protocol 1 (exactly) and has a name and its line; its codecs are
// protocol codecs in protocol order, each once; codecs and unknown names
// together are what it listed; written back as a hello line it reads back
// the same.
props::Outcome hello_line_holds(std::string_view line);

}  // namespace sortkey::certify::adapter

#endif  // SORTKEY_CERTIFY_ADAPTER_ANSWER_LINE_PROPS_H_
