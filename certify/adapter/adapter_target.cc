#include "certify/adapter/adapter_target.h"

#include <fmt/format.h>

#include "certify/adapter/snapshot.h"
#include "properties/contract_catalog.h"
#include "support/text.h"

namespace sortkey::certify::adapter {
namespace {

using support::shell_quote;

Error could_not_run(const std::string& command, const std::string& why) {
  return make_error(ErrorCode::kUnavailable, 0,
                    fmt::format("could not run the adapter {}: {}", shell_quote(command), why));
}

std::string no_codec_message(const Hello& hello) {
  std::string listed;
  for (const std::string& u : hello.unknown) listed += (listed.empty() ? "" : ", ") + u;
  return fmt::format(
      "the adapter \"{}\" lists no codec of protocol {} (it lists: {}); "
      "see adapters/PROTOCOL.md for the names",
      hello.name, kProtocolVersion, listed.empty() ? "none" : listed);
}

}  // namespace

Result<std::unique_ptr<AdapterTarget>> AdapterTarget::open(const std::string& command,
                                                           const ClientOptions& options,
                                                           const std::string& snapshot_path) {
  std::unique_ptr<AdapterTarget> t(new AdapterTarget());
  t->options_ = options;
  t->snapshot_path_ = snapshot_path;
  try {
    t->client_ = AdapterClient::start(command, options);
  } catch (const AdapterError& e) {
    return could_not_run(command, e.what());
  }
  const Hello& hello = t->client_->hello();
  if (hello.codecs.empty()) return could_not_run(command, no_codec_message(hello));
  t->catalog_ = props::contract::contract_catalog(*t->client_, t->reference_, hello.codecs);
  return t;
}

std::string AdapterTarget::name() const {
  return fmt::format("{} ({})", hello().name, client_->command());
}

std::string AdapterTarget::replay_args() const {
  std::string args = "--codec-cmd " + shell_quote(client_->command());
  if (options_.timeout != ClientOptions{}.timeout) {
    args += fmt::format(" --timeout-ms {}", options_.timeout.count());
  }
  return args;
}

Result<void> AdapterTarget::after_property(const props::PropertyEntry& entry, CertifiedProperty&) {
  const std::optional<std::string>& fatal = client_->failure();
  if (!fatal) return {};
  return make_error(ErrorCode::kUnavailable, 0,
                    fmt::format("could not run the adapter {} (during {}): {}",
                                shell_quote(client_->command()), entry.id(), *fatal));
}

Result<std::vector<CertifiedProperty>> AdapterTarget::run_extra(const RunContext&) {
  std::vector<CertifiedProperty> out;
  if (snapshot_path_.empty()) return out;
  std::string problem;
  std::optional<SnapshotOutcome> snap;
  try {
    auto checked = check_snapshot(*client_, hello().name, hello().codecs, snapshot_path_);
    if (checked) snap = std::move(*checked);
    if (!checked) problem = checked.error().message;
  } catch (const AdapterError& e) {
    problem = e.what();
  }
  if (!snap) {
    return make_error(ErrorCode::kUnavailable, 0, "the snapshot could not be checked: " + problem);
  }
  for (auto& r : snap->reports) {
    const std::string codec = r.id.substr(0, r.id.find('/'));
    r.replay =
        fmt::format("sortkey certify {} --snapshot {}", replay_args(), shell_quote(snapshot_path_));
    out.push_back(
        {std::move(r), codec,
         fmt::format("the keys of the snapshot's inputs (version {}) are the recorded ones",
                     kSnapshotInputsVersion),
         "snapshot checks"});
  }
  snapshot_summary_ = snap->summary;
  return out;
}

std::string AdapterTarget::extra_plan() const {
  return snapshot_path_.empty() ? "" : "the snapshot check of each codec";
}

std::string AdapterTarget::closing_notes(const Certification& c) {
  std::vector<props::RunReport> runs;
  long cases = 0;
  for (const auto& p : c.properties) {
    runs.push_back(p.run);
    cases += p.run.cases;
  }
  std::string out = "\n";
  for (const std::string& note : agreement_notes(runs)) out += note + "\n";
  if (!snapshot_summary_.empty()) out += snapshot_summary_ + "\n";
  out += fmt::format("{:.1f} cases/s over {} adapter requests\n",
                     c.seconds > 0 ? static_cast<double>(cases) / c.seconds : 0.0, requests());
  return out;
}

std::vector<std::string> AdapterTarget::close() {
  client_->stop();
  return {};
}

std::vector<std::string> AdapterTarget::agreement_notes(
    const std::vector<props::RunReport>& reports) {
  std::vector<std::string> notes;
  for (const props::RunReport& r : reports) {
    if (!props::contract::is_informational(r.id) || r.verdict != props::Verdict::kPassed) continue;
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

}  // namespace sortkey::certify::adapter
