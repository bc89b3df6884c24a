// Adapter answer lines: the bytes an adapter writes on its standard output,
// cut into lines as the certifier cuts them (take_line,
// certify/adapter/adapter_process.h), the first read as the hello answer
// and each next one as the answer to request 1, 2, ... (read_hello,
// read_answer, certify/adapter/answer_line.h).
// Input: the bytes themselves (the seeds are hello and answer lines).
//
// Checks:
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

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "certify/adapter/adapter_process.h"
#include "certify/adapter/answer_line.h"
#include "fuzz/fuzz_adapter.h"
#include "properties/props/contract_props.h"
#include "properties/props/outcome.h"

namespace {

using namespace sortkey;
using certify::adapter::Hello;
using nlohmann::json;
using props::Outcome;

Outcome clear_error(const Error& e) {
  if (e.message.rfind("the adapter", 0) == 0) return Outcome::holds();
  return Outcome::fails("an error that does not say what the adapter did: " + e.message);
}

// The lines of `bytes` at `max_line`, checked against the input they came from.
Outcome framing(std::string_view bytes, std::size_t max_line, std::vector<std::string>* lines) {
  std::string buffer(bytes);
  std::size_t accounted = 0;
  for (;;) {
    const std::string before = buffer;
    auto line = certify::adapter::take_line(buffer, max_line);
    if (!line) {
      const std::size_t nl = before.find('\n');
      const std::size_t over = nl == std::string::npos ? before.size() : nl;
      if (over <= max_line || buffer != before) {
        return Outcome::fails("take_line refused " + std::to_string(over) +
                              " bytes within the limit " + std::to_string(max_line) +
                              ", or consumed them");
      }
      return Outcome::holds();
    }
    if (!*line) break;
    const std::string& got = **line;
    if (got.find('\n') != std::string::npos) return Outcome::fails("a line holds a newline");
    if (got.size() > max_line) return Outcome::fails("a line longer than the limit was taken");
    const std::size_t used = before.size() - buffer.size();
    const bool dropped_cr = used == got.size() + 2;
    if ((used != got.size() + 1 && !dropped_cr) || (dropped_cr && before[got.size()] != '\r') ||
        before.compare(0, got.size(), got) != 0) {
      return Outcome::fails("the line taken is not the front of the buffer");
    }
    accounted += used;
    if (lines != nullptr) lines->push_back(got);
  }
  if (buffer.find('\n') != std::string::npos || buffer.size() > max_line ||
      accounted + buffer.size() != bytes.size()) {
    return Outcome::fails("what is left after the last line is not the unterminated rest");
  }
  return Outcome::holds();
}

Outcome answer_holds(std::string_view line, std::int64_t id, std::int64_t last) {
  std::vector<std::int64_t> due;
  for (std::int64_t i = id; i <= last; ++i) due.push_back(i);
  auto answer = certify::adapter::read_answer(line, due);
  if (!answer) return clear_error(answer.error());
  const json& a = *answer;
  if (!a.is_object() || !a.contains("id") || a.at("id") != id) {
    return Outcome::fails("accepted an answer without the id due: " + a.dump());
  }
  if (a.contains("ok") == a.contains("error") ||
      (a.contains("error") && !a.at("error").is_string())) {
    return Outcome::fails("accepted an answer without exactly one of ok and a string error");
  }
  auto again = certify::adapter::read_answer(a.dump(), due);
  if (!again || *again != a) return Outcome::fails("the accepted answer does not read back");
  return Outcome::holds();
}

Outcome hello_holds(std::string_view line) {
  auto hello = certify::adapter::read_hello(line);
  if (!hello) return clear_error(hello.error());
  const Hello& h = *hello;
  if (h.protocol != 1 || h.name.empty() || h.line != line) {
    return Outcome::fails("accepted a hello without protocol 1, a name or its line");
  }
  const json ok = json::parse(line).at("ok");
  if (ok.at("protocol") != 1) {
    return Outcome::fails("accepted a hello whose protocol is " + ok.at("protocol").dump());
  }
  const json& listed = ok.at("codecs");
  const auto& known = props::contract::protocol_codecs();
  std::size_t at = 0;
  for (const std::string& c : h.codecs) {
    const auto it = std::find(known.begin() + static_cast<std::ptrdiff_t>(at), known.end(), c);
    if (it == known.end()) return Outcome::fails("codecs not protocol codecs in order, once: " + c);
    at = static_cast<std::size_t>(it - known.begin()) + 1;
  }
  for (const json& c : listed) {
    const std::string& name = c.get_ref<const std::string&>();
    const bool in_codecs = std::find(h.codecs.begin(), h.codecs.end(), name) != h.codecs.end();
    const bool in_unknown = std::find(h.unknown.begin(), h.unknown.end(), name) != h.unknown.end();
    if (in_codecs == in_unknown) return Outcome::fails("a listed codec lost or doubled: " + name);
  }
  json codecs = h.codecs;
  for (const std::string& u : h.unknown) codecs.push_back(u);
  const json rewritten = {{"id", 0},
                          {"ok", {{"protocol", 1}, {"name", h.name}, {"codecs", codecs}}}};
  auto again = certify::adapter::read_hello(rewritten.dump());
  if (!again || again->name != h.name || again->codecs != h.codecs || again->unknown != h.unknown) {
    return Outcome::fails("the accepted hello written back reads as another: " + rewritten.dump());
  }
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sortkey::fuzz::set_target_name("adapter_line_fuzzer");
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto show = [&] { return std::to_string(size) + " bytes"; };
  std::vector<std::string> lines;
  sortkey::fuzz::check(framing(bytes, std::size_t{1} << 20, &lines), "adapter/framing", show);
  sortkey::fuzz::check(framing(bytes, 16, nullptr), "adapter/framing", show);
  if (lines.empty()) lines.emplace_back(bytes);  // an unterminated answer, read as a line
  sortkey::fuzz::check(hello_holds(lines[0]), "adapter/hello", [&] { return lines[0]; });
  const auto last = static_cast<std::int64_t>(lines.size()) - 1;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    sortkey::fuzz::check(answer_holds(lines[i], static_cast<std::int64_t>(i), last),
                         "adapter/answer", [&] { return lines[i]; });
  }
  // Every line also as the answer to request 0 with none after it.
  for (const std::string& line : lines) {
    sortkey::fuzz::check(answer_holds(line, 0, 0), "adapter/answer", [&] { return line; });
  }
  return 0;
}
