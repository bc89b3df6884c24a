#include "certify/adapter/answer_line_props.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "certify/adapter/adapter_process.h"
#include "certify/adapter/answer_line.h"
#include "properties/props/contract_props.h"

namespace sortkey::certify::adapter {
namespace {

using nlohmann::json;
using props::Outcome;

Outcome clear_error(const Error& e) {
  if (e.message.rfind("the adapter", 0) == 0) return Outcome::holds();
  return Outcome::fails("an error that does not say what the adapter did: " + e.message);
}

}  // namespace

Outcome take_line_frames(std::string_view bytes, std::size_t max_line,
                         std::vector<std::string>* lines) {
  std::string buffer(bytes);
  std::size_t accounted = 0;
  for (;;) {
    const std::string before = buffer;
    auto line = take_line(buffer, max_line);
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

Outcome answer_line_holds(std::string_view line, std::int64_t id, std::int64_t last) {
  std::vector<std::int64_t> due;
  for (std::int64_t i = id; i <= last; ++i) due.push_back(i);
  auto answer = read_answer(line, due);
  if (!answer) return clear_error(answer.error());
  const json& a = *answer;
  if (!a.is_object() || !a.contains("id") || a.at("id") != id) {
    return Outcome::fails("accepted an answer without the id due: " + a.dump());
  }
  if (a.contains("ok") == a.contains("error") ||
      (a.contains("error") && !a.at("error").is_string())) {
    return Outcome::fails("accepted an answer without exactly one of ok and a string error");
  }
  auto again = read_answer(a.dump(), due);
  if (!again || *again != a) return Outcome::fails("the accepted answer does not read back");
  return Outcome::holds();
}

Outcome hello_line_holds(std::string_view line) {
  auto hello = read_hello(line);
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
  auto again = read_hello(rewritten.dump());
  if (!again || again->name != h.name || again->codecs != h.codecs || again->unknown != h.unknown) {
    return Outcome::fails("the accepted hello written back reads as another: " + rewritten.dump());
  }
  return Outcome::holds();
}

}  // namespace sortkey::certify::adapter
