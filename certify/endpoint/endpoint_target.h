// File: certify/endpoint/endpoint_target.h
//
// `sortkey certify --endpoint URL` as a certification target: the endpoint
// session (endpoint_catalog.h: its catalog, its tables and its signal
// handlers) seen through the Target interface. The session judges each
// property after its last case (its divergences, each once, minimized);
// the closing notes give the throughput, the session's summary (and write
// --record-divergences) and the client's retries; closing deletes every
// table the run created (unless --keep-tables); a run the endpoint did not
// let finish (unreachable, timed out, retries exhausted, interrupted) is
// not completed: exit 2, with what happened and no verdict for the
// property it cut short.

#ifndef SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_TARGET_H_
#define SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_TARGET_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "certify/endpoint/endpoint_catalog.h"
#include "certify/target.h"
#include "sortkey/error.h"

namespace sortkey::certify::endpoint {

class EndpointTarget final : public Target {
 public:
  // Opens the session (EndpointSession::open). Errors: "cannot certify the
  // endpoint: ..." with what failed.
  static Result<std::unique_ptr<EndpointTarget>> open(const EndpointOptions& options,
                                                      const dynamodb::Getenv& env);

  std::string kind() const override { return "endpoint"; }
  std::string name() const override;
  // --endpoint URL [--known-divergences FILE].
  std::string replay_args() const override;
  const props::Catalog& catalog() const override { return session_->catalog(); }
  void plan(const std::vector<const props::PropertyEntry*>& chosen) override;
  // The session judges each property after its last case
  // (EndpointSession::judge). An infrastructure failure (unreachable, timed
  // out, retries exhausted, interrupted, a malformed answer) ends the run
  // here: the property it cut short has no verdict, and the run could not be
  // done (exit 2).
  Result<void> after_property(const props::PropertyEntry& entry,
                              CertifiedProperty& result) override;
  std::string closing_notes(const Certification& c) override;
  nlohmann::json details() const override { return session_->details(); }
  std::vector<std::string> close() override;
  // The run could not be completed: the session's fatal error, the endpoint
  // gone, properties not explored (unless another failed: NOT CERTIFIED
  // stands then, exit 1), or the cleanup.
  Result<void> completed() const override;
  // The HTTP exchanges sent so far (EndpointSession::requests).
  std::uint64_t requests() { return session_->requests(); }

 private:
  EndpointTarget(EndpointOptions options, std::shared_ptr<EndpointSession> session)
      : options_(std::move(options)), session_(std::move(session)) {}
  EndpointOptions options_;
  std::shared_ptr<EndpointSession> session_;
  bool failed_ = false;  // a property failed: the verdict stands, explored or not
};

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_TARGET_H_
