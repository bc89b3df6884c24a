// Adapter answer lines: the bytes an adapter writes on its standard output,
// cut into lines as the certifier cuts them (take_line,
// certify/adapter/adapter_process.h), the first read as the hello answer
// and each next one as the answer to request 1, 2, ... (read_hello,
// read_answer, certify/adapter/answer_line.h).
// Input: the bytes themselves (the seeds are hello and answer lines).
//
// Checks (certify/adapter/answer_line_props.h):
//   * framing, at the real line limit and at a small one: lines hold no
//     newline, the lines taken plus their newlines (and a dropped '\r')
//     plus what is left add up to the input, and an error comes exactly when
//     a line or the unterminated rest is longer than the limit;
//   * both readers are total: a value, or a sentence starting "the adapter";
//   * an accepted answer is an object whose id is the one due, with exactly
//     one of "ok" and "error" (a string), and it prints and reads back as
//     itself;
//   * an accepted hello speaks protocol 1 and has a name; its codecs are
//     protocol codecs in protocol order, each once; codecs and unknown names
//     together are what it listed; written back as a hello line it reads
//     back the same.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "certify/adapter/answer_line_props.h"
#include "fuzz/fuzz_adapter.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  using namespace sortkey::certify::adapter;
  fuzz::set_target_name("adapter_line_fuzzer");
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto show = [&] { return std::to_string(size) + " bytes"; };
  std::vector<std::string> lines;
  fuzz::check(take_line_frames(bytes, std::size_t{1} << 20, &lines), "adapter/framing", show);
  fuzz::check(take_line_frames(bytes, 16, nullptr), "adapter/framing", show);
  if (lines.empty()) lines.emplace_back(bytes);  // an unterminated answer, read as a line
  fuzz::check(hello_line_holds(lines[0]), "adapter/hello", [&] { return lines[0]; });
  const auto last = static_cast<std::int64_t>(lines.size()) - 1;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    fuzz::check(answer_line_holds(lines[i], static_cast<std::int64_t>(i), last), "adapter/answer",
                [&] { return lines[i]; });
  }
  // Every line also as the answer to request 0 with none after it.
  for (const std::string& line : lines) {
    fuzz::check(answer_line_holds(line, 0, 0), "adapter/answer", [&] { return line; });
  }
  return 0;
}
