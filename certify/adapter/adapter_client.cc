#include "certify/adapter/adapter_client.h"

#include <fmt/format.h>

#include <algorithm>

#include "certify/internal/json_input.h"
#include "props/common.h"

namespace sortkey::certify::adapter {
namespace {

// A received line as a person should see it: quoted, escaped, cut short.
std::string excerpt(std::string_view line) {
  constexpr std::size_t kMax = 300;
  if (line.size() <= kMax) return props::show_key(line);
  return fmt::format("{}... ({} bytes)", props::show_key(line.substr(0, kMax)), line.size());
}

}  // namespace

std::unique_ptr<AdapterClient> AdapterClient::start(const std::string& command,
                                                    const ClientOptions& options) {
  std::unique_ptr<AdapterClient> client(new AdapterClient(command, options));
  std::string problem;
  client->process_ = AdapterProcess::start(command, &problem);
  if (!client->process_) throw AdapterError(fmt::format("cannot start the adapter: {}", problem));

  const std::string hello_line = R"({"id":0,"op":"hello"})";
  std::vector<std::string> raw;
  const json answer =
      client->exchange({hello_line}, {0}, &raw, std::max(options.timeout, options.startup_timeout))
          .front();
  Hello& hello = client->hello_;
  hello.line = raw.front();
  const auto bad_hello = [&](const std::string& what) {
    client->fail(fmt::format("the adapter's hello answer {}\n  request:  {}\n  response: {}", what,
                             hello_line, excerpt(hello.line)));
  };
  if (answer.contains("error")) bad_hello("is a refusal");
  const json& ok = answer.at("ok");
  if (!ok.is_object()) bad_hello("is not an object {\"protocol\", \"name\", \"codecs\"}");
  if (!ok.contains("protocol") || !ok.at("protocol").is_number_integer()) {
    bad_hello("lacks \"protocol\" (the integer 1)");
  }
  hello.protocol = ok.at("protocol").get<int>();
  if (hello.protocol != kProtocolVersion) {
    bad_hello(fmt::format("speaks protocol {}; this certifier speaks protocol {}", hello.protocol,
                          kProtocolVersion));
  }
  if (!ok.contains("name") || !ok.at("name").is_string() ||
      ok.at("name").get<std::string>().empty()) {
    bad_hello("lacks \"name\" (a non-empty string naming the adapter)");
  }
  hello.name = ok.at("name").get<std::string>();
  if (!ok.contains("codecs") || !ok.at("codecs").is_array() ||
      !std::all_of(ok.at("codecs").begin(), ok.at("codecs").end(),
                   [](const json& c) { return c.is_string(); })) {
    bad_hello("lacks \"codecs\" (an array of codec names)");
  }
  const auto& known = props::contract::protocol_codecs();
  for (const json& c : ok.at("codecs")) {
    const std::string name = c.get<std::string>();
    if (std::find(known.begin(), known.end(), name) == known.end()) hello.unknown.push_back(name);
  }
  for (const std::string& name : known) {
    for (const json& c : ok.at("codecs")) {
      if (c.get<std::string>() == name) {
        hello.codecs.push_back(name);
        break;
      }
    }
  }
  client->next_id_ = 1;
  return client;
}

AdapterClient::~AdapterClient() { stop(); }

void AdapterClient::stop() {
  if (process_) process_->stop(std::chrono::milliseconds(500));
}

void AdapterClient::fail(std::string what) {
  failure_ = what;
  if (process_) process_->stop(std::chrono::milliseconds(0));
  throw AdapterError(std::move(what));
}

std::vector<json> AdapterClient::exchange(const std::vector<std::string>& lines,
                                          const std::vector<std::int64_t>& ids,
                                          std::vector<std::string>* raw,
                                          std::chrono::milliseconds timeout) {
  ExchangeResult r = process_->exchange(lines, timeout, options_.max_line);
  std::vector<json> answers;
  for (std::size_t i = 0; i < r.lines.size(); ++i) {
    const std::string& line = r.lines[i];
    const std::string shown =
        fmt::format("\n  request:  {}\n  response: {}", lines[i], excerpt(line));
    if (internal::json_depth(line) > internal::kMaxJsonDepth) {
      fail(fmt::format("the adapter answered request {} with JSON nested deeper than {} levels{}",
                       ids[i], internal::kMaxJsonDepth, shown));
    }
    json answer;
    try {
      answer = json::parse(line);
    } catch (const json::parse_error& e) {
      fail(fmt::format("the adapter answered request {} with a line that is not JSON ({}){}",
                       ids[i], e.what(), shown));
    }
    if (!answer.is_object()) {
      fail(fmt::format("the adapter answered request {} with a JSON {}, not an object{}", ids[i],
                       answer.type_name(), shown));
    }
    if (!answer.contains("id") || !answer.at("id").is_number_integer()) {
      fail(fmt::format("the adapter answered request {} without an integer \"id\"{}", ids[i],
                       shown));
    }
    const auto id = answer.at("id").get<std::int64_t>();
    if (id != ids[i]) {
      if (std::find(ids.begin() + static_cast<std::ptrdiff_t>(i), ids.end(), id) != ids.end()) {
        fail(fmt::format(
            "the adapter answered out of order: the answer to request {} came where the answer to "
            "request {} was due (answers must come in request order){}",
            id, ids[i], shown));
      }
      fail(fmt::format(
          "the adapter answered with the wrong id: {} where the answer to request {} was due{}", id,
          ids[i], shown));
    }
    const bool has_ok = answer.contains("ok"), has_error = answer.contains("error");
    if (has_ok == has_error) {
      fail(
          fmt::format("the adapter's answer to request {} has {} of \"ok\" and \"error\"; it needs "
                      "exactly one{}",
                      ids[i], has_ok ? "both" : "neither", shown));
    }
    if (has_error && !answer.at("error").is_string()) {
      fail(fmt::format("the adapter's \"error\" for request {} is not a string{}", ids[i], shown));
    }
    answers.push_back(std::move(answer));
  }
  if (r.failure != ProcessFailure::kNone) {
    const std::size_t i = r.lines.size();
    const std::string request = fmt::format("\n  request:  {}", lines[i]);
    switch (r.failure) {
      case ProcessFailure::kTimeout:
        fail(fmt::format("the adapter timed out: no answer to request {} within {} ms{}{}", ids[i],
                         timeout.count(), ids[i] == 0 ? " (its start)" : " (--timeout-ms)",
                         request));
      case ProcessFailure::kExited:
        fail(fmt::format("the adapter {} before answering request {}{}", r.problem, ids[i],
                         request));
      case ProcessFailure::kLineTooLong:
        fail(fmt::format("the adapter's answer to request {} is too long: it {}{}", ids[i],
                         r.problem, request));
      case ProcessFailure::kSystem:
      case ProcessFailure::kNone:
        fail(fmt::format("talking to the adapter failed: {}{}", r.problem, request));
    }
  }
  *raw = std::move(r.lines);
  return answers;
}

std::vector<Reply> AdapterClient::call(const std::vector<json>& requests) {
  if (failure_) throw AdapterError(*failure_);
  std::vector<std::string> lines;
  std::vector<std::int64_t> ids;
  for (const json& request : requests) {
    ids.push_back(next_id_++);
    lines.push_back(props::contract::request_line(ids.back(), request));
  }
  std::vector<std::string> raw;
  const std::vector<json> answers = exchange(lines, ids, &raw, options_.timeout);
  std::vector<Reply> replies(requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    Reply& r = replies[i];
    r.request = std::move(lines[i]);
    r.response = std::move(raw[i]);
    r.refused = answers[i].contains("error");
    if (r.refused) {
      r.error = answers[i].at("error").get<std::string>();
    } else {
      r.ok = answers[i].at("ok");
    }
  }
  return replies;
}

}  // namespace sortkey::certify::adapter
