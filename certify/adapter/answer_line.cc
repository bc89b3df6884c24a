#include "certify/adapter/answer_line.h"

#include <fmt/format.h>

#include <algorithm>

#include "properties/props/contract_props.h"
#include "support/json_input.h"

namespace sortkey::certify::adapter {
namespace {

using nlohmann::json;

Error broken(std::string sentence) {
  return make_error(ErrorCode::kBadFormat, 0, std::move(sentence));
}

// The envelope of a parsed answer to request `due[0]`.
Result<void> check_envelope(const json& answer, std::span<const std::int64_t> due) {
  const std::int64_t id = due.front();
  if (!answer.is_object()) {
    return broken(fmt::format("the adapter answered request {} with a JSON {}, not an object", id,
                              answer.type_name()));
  }
  const auto got = answer.find("id");
  if (got == answer.end() || !got->is_number_integer()) {
    return broken(fmt::format("the adapter answered request {} without an integer \"id\"", id));
  }
  // Compared as JSON numbers, so that no id outside int64 wraps onto a due one.
  if (*got != id) {
    const bool later =
        std::any_of(due.begin() + 1, due.end(), [&](std::int64_t other) { return *got == other; });
    if (later) {
      return broken(fmt::format(
          "the adapter answered out of order: the answer to request {} came where the answer to "
          "request {} was due (answers must come in request order)",
          got->dump(), id));
    }
    return broken(fmt::format(
        "the adapter answered with the wrong id: {} where the answer to request {} was due",
        got->dump(), id));
  }
  const bool has_ok = answer.contains("ok"), has_error = answer.contains("error");
  if (has_ok == has_error) {
    return broken(fmt::format(
        "the adapter's answer to request {} has {} of \"ok\" and \"error\"; it needs exactly one",
        id, has_ok ? "both" : "neither"));
  }
  if (has_error && !answer.at("error").is_string()) {
    return broken(fmt::format("the adapter's \"error\" for request {} is not a string", id));
  }
  return {};
}

// The hello fields of `ok`, into `hello`; the error says what is missing.
Result<void> read_hello_fields(const json& ok, Hello& hello) {
  const auto bad = [](std::string_view what) {
    return broken(fmt::format("the adapter's hello answer {}", what));
  };
  if (!ok.is_object()) return bad("is not an object {\"protocol\", \"name\", \"codecs\"}");
  const auto protocol = ok.find("protocol");
  if (protocol == ok.end() || !protocol->is_number_integer()) {
    return bad("lacks \"protocol\" (the integer 1)");
  }
  if (*protocol != kProtocolVersion) {
    return bad(fmt::format("speaks protocol {}; this certifier speaks protocol {}",
                           protocol->dump(), kProtocolVersion));
  }
  hello.protocol = kProtocolVersion;
  const auto name = ok.find("name");
  if (name == ok.end() || !name->is_string() || name->get_ref<const std::string&>().empty()) {
    return bad("lacks \"name\" (a non-empty string naming the adapter)");
  }
  // Shown in every report and on the terminal: escaped, as anything from outside.
  hello.name = printable(name->get<std::string>());
  const auto codecs = ok.find("codecs");
  if (codecs == ok.end() || !codecs->is_array() ||
      !std::all_of(codecs->begin(), codecs->end(), [](const json& c) { return c.is_string(); })) {
    return bad("lacks \"codecs\" (an array of codec names)");
  }
  const auto& known = props::contract::protocol_codecs();
  for (const json& c : *codecs) {
    const std::string& listed = c.get_ref<const std::string&>();
    if (std::find(known.begin(), known.end(), listed) == known.end())
      hello.unknown.push_back(listed);
  }
  for (const std::string& codec : known) {
    if (std::find(codecs->begin(), codecs->end(), codec) != codecs->end()) {
      hello.codecs.push_back(codec);
    }
  }
  return {};
}

}  // namespace

Result<json> read_answer(std::string_view line, std::span<const std::int64_t> due) {
  const std::int64_t id = due.front();
  if (support::json_depth(line) > support::kMaxJsonDepth) {
    return broken(
        fmt::format("the adapter answered request {} with JSON nested deeper than {} levels", id,
                    support::kMaxJsonDepth));
  }
  // "... with a line that is not JSON: <why>"
  auto answer = support::parse_json(
      line, fmt::format("the adapter answered request {} with a line that", id));
  if (!answer) return broken(answer.error().message);
  if (auto ok = check_envelope(*answer, due); !ok) return ok.error();
  return answer;
}

Result<Hello> read_hello(std::string_view line) {
  const std::int64_t hello_id = 0;
  auto answer = read_answer(line, std::span<const std::int64_t>(&hello_id, 1));
  if (!answer) return answer.error();
  Hello hello;
  hello.line = std::string(line);
  if (answer->contains("error")) return broken("the adapter's hello answer is a refusal");
  if (auto ok = read_hello_fields(answer->at("ok"), hello); !ok) return ok.error();
  return hello;
}

}  // namespace sortkey::certify::adapter
