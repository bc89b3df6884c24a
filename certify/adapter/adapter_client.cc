#include "certify/adapter/adapter_client.h"

#include <fmt/format.h>

#include <algorithm>
#include <span>

#include "properties/props/common.h"

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
  client->exchange({hello_line}, {0}, &raw, std::max(options.timeout, options.startup_timeout));
  const std::string& line = raw.front();
  auto hello = read_hello(line);
  if (!hello) {
    client->fail(fmt::format("{}\n  request:  {}\n  response: {}", hello.error().message,
                             hello_line, excerpt(line)));
  }
  client->hello_ = std::move(*hello);
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
    auto answer = read_answer(r.lines[i], std::span<const std::int64_t>(ids).subspan(i));
    if (!answer) {
      fail(fmt::format("{}\n  request:  {}\n  response: {}", answer.error().message, lines[i],
                       excerpt(r.lines[i])));
    }
    answers.push_back(std::move(*answer));
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
