// File: certify/adapter/adapter_target.h
//
// One certification of an external codec, as `sortkey certify --codec-cmd`
// runs it: the adapter process and its client, the built-in reference, and
// the contract catalog (properties/contract_catalog.h) of the codecs the
// adapter listed in its hello. After each property the target reports a
// broken adapter (the run ends with "could not run"); at the end it may
// check the snapshot gate, and its closing notes say how often the adapter
// agreed with the reference and how fast it answered.
//
// Example:
//
//   auto target = AdapterTarget::open("python3 adapters/python/sortkey_adapter.py", {}, "");
//   if (!target) return 2;   // print target.error().message
//   for (const auto& e : (*target)->catalog().entries()) { ... }

#ifndef SORTKEY_CERTIFY_ADAPTER_ADAPTER_TARGET_H_
#define SORTKEY_CERTIFY_ADAPTER_ADAPTER_TARGET_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "certify/adapter/adapter_client.h"
#include "certify/target.h"
#include "properties/catalog.h"
#include "properties/props/contract_reference.h"
#include "properties/runner.h"
#include "sortkey/error.h"

namespace sortkey::certify::adapter {

class AdapterTarget final : public Target {
 public:
  // Starts the adapter and reads its hello. Errors: the adapter could not be
  // run, broke the protocol, or lists no codec of protocol v1 ("could not
  // run the adapter '<command>': ..."). Unknown codec names are skipped (see
  // hello().unknown). `snapshot_path`, when not empty, is the snapshot gate's
  // file (snapshot.h), checked by run_extra().
  static Result<std::unique_ptr<AdapterTarget>> open(const std::string& command,
                                                     const ClientOptions& options,
                                                     const std::string& snapshot_path);

  std::string kind() const override { return "adapter"; }
  // "<hello name> (<command>)".
  std::string name() const override;
  // --codec-cmd '...' [--timeout-ms N].
  std::string replay_args() const override;
  const props::Catalog& catalog() const override { return catalog_; }
  // An error once the adapter broke the protocol (during `entry`).
  Result<void> after_property(const props::PropertyEntry& entry,
                              CertifiedProperty& result) override;
  // The snapshot gate's results, one per codec, when a snapshot file was given.
  Result<std::vector<CertifiedProperty>> run_extra(const RunContext& context) override;
  std::string extra_plan() const override;
  // The agreement notes, the snapshot's summary, cases/s and requests.
  std::string closing_notes(const Certification& c) override;
  // Ends the adapter (closes its input, then kills its process group).
  std::vector<std::string> close() override;

  const Hello& hello() const { return client_->hello(); }
  // The protocol failure that ended the conversation, if any.
  const std::optional<std::string>& failure() const { return client_->failure(); }
  // Requests answered so far (hello included), the workers' too.
  std::int64_t requests() const override { return client_->requests_sent() + worker_requests_; }
  void add_worker_requests(std::int64_t n) override { worker_requests_ += n; }

  // One line per informational property: how often the adapter's keys were
  // the reference's ("number/agrees_with_reference: 36 of 100 keys agree").
  static std::vector<std::string> agreement_notes(const std::vector<props::RunReport>& reports);

 private:
  AdapterTarget() = default;
  ClientOptions options_;
  std::string snapshot_path_;
  std::string snapshot_summary_;
  std::unique_ptr<AdapterClient> client_;
  props::contract::ReferenceCodecs reference_;
  props::Catalog catalog_;
  std::int64_t worker_requests_ = 0;  // sent by the worker processes of --jobs
};

}  // namespace sortkey::certify::adapter

#endif  // SORTKEY_CERTIFY_ADAPTER_ADAPTER_TARGET_H_
