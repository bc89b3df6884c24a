#include "certify/endpoint/endpoint_target.h"

#include <fmt/format.h>

#include "support/text.h"

namespace sortkey::certify::endpoint {

using support::shell_quote;

Result<std::unique_ptr<EndpointTarget>> EndpointTarget::open(const EndpointOptions& options,
                                                             const dynamodb::Getenv& env) {
  auto opened = EndpointSession::open(options, env);
  if (!opened) {
    return make_error(opened.error().code, opened.error().offset,
                      "cannot certify the endpoint: " + opened.error().message);
  }
  return std::unique_ptr<EndpointTarget>(new EndpointTarget(options, *opened));
}

std::string EndpointTarget::name() const {
  return "DynamoDB-compatible endpoint " + session_->describe();
}

std::string EndpointTarget::replay_args() const {
  std::string args = "--endpoint " + shell_quote(session_->url());
  if (!options_.known_divergences.empty()) {
    args += " --known-divergences " + shell_quote(options_.known_divergences);
  }
  return args;
}

void EndpointTarget::plan(const std::vector<const props::PropertyEntry*>& chosen) {
  std::vector<std::string> ids;
  for (const props::PropertyEntry* e : chosen) ids.push_back(e->id());
  session_->plan(ids);
}

Result<void> EndpointTarget::after_property(const props::PropertyEntry& entry,
                                            CertifiedProperty& result) {
  session_->judge(entry.id(), result);
  failed_ = failed_ || result.run.verdict == props::Verdict::kFailed;
  if (auto fatal = session_->fatal()) {
    return make_error(ErrorCode::kUnavailable, 0,
                      "could not run the endpoint certification: " + *fatal);
  }
  return {};
}

std::string EndpointTarget::closing_notes(const Certification& c) {
  long cases = 0;
  for (const auto& p : c.properties) cases += p.run.cases;
  return fmt::format("\n{:.1f} cases/s; {}",
                     c.seconds > 0 ? static_cast<double>(cases) / c.seconds : 0.0,
                     session_->summary(c.seconds));
}

std::vector<std::string> EndpointTarget::close() { return session_->close(); }

Result<void> EndpointTarget::completed() const {
  auto why = session_->fatal();
  if (!why) why = session_->stopped();
  if (!why && !failed_) why = session_->not_explored();
  if (!why) why = session_->cleanup_failed();
  if (why)
    return make_error(ErrorCode::kUnavailable, 0,
                      "could not run the endpoint certification: " + *why);
  return {};
}

}  // namespace sortkey::certify::endpoint
