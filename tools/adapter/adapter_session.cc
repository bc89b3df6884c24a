#include "adapter/adapter_session.h"

#include <fmt/format.h>

#include "adapter/adapter_catalog.h"

namespace sortkey::adapter {

std::string shell_quote(const std::string& text) {
  std::string q = "'";
  for (const char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::shared_ptr<AdapterSession> AdapterSession::open(const std::string& command,
                                                     const ClientOptions& options) {
  std::shared_ptr<AdapterSession> s(new AdapterSession());
  s->options_ = options;
  s->client_ = AdapterClient::start(command, options);
  const Hello& hello = s->client_->hello();
  if (hello.codecs.empty()) {
    std::string listed;
    for (const std::string& u : hello.unknown) listed += (listed.empty() ? "" : ", ") + u;
    throw AdapterError(
        fmt::format("the adapter \"{}\" lists no codec of protocol {} (it lists: {}); "
                    "see adapters/PROTOCOL.md for the names",
                    hello.name, kProtocolVersion, listed.empty() ? "none" : listed));
  }
  s->catalog_ = contract_catalog(*s->client_, s->reference_, hello.codecs);
  return s;
}

std::string AdapterSession::describe() const {
  return fmt::format("{} ({})", hello().name, client_->command());
}

std::string AdapterSession::replay_args() const {
  std::string args = "--codec-cmd " + shell_quote(client_->command());
  if (options_.timeout != ClientOptions{}.timeout)
    args += fmt::format(" --timeout-ms {}", options_.timeout.count());
  return args;
}

std::optional<SnapshotOutcome> AdapterSession::snapshot(const std::string& path,
                                                        std::string* problem) {
  return check_snapshot(*client_, hello().name, hello().codecs, path, problem);
}

std::vector<std::string> AdapterSession::agreement_notes(
    const std::vector<props::RunReport>& reports) {
  std::vector<std::string> notes;
  for (const props::RunReport& r : reports) {
    if (!is_informational(r.id) || r.verdict != props::Verdict::kPassed) continue;
    int agree = 0, differ = 0;
    for (const auto& [tags, count] : r.distribution) {
      if (tags.find("differs from the reference") != std::string::npos) differ += count;
      if (tags.find("agrees with the reference") != std::string::npos) agree += count;
    }
    notes.push_back(
        fmt::format("{}: {} of {} answers are the built-in reference's (informational: another "
                    "design is correct when the properties hold)",
                    r.id, agree, agree + differ));
  }
  return notes;
}

}  // namespace sortkey::adapter
