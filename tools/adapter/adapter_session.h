// File: tools/adapter/adapter_session.h
//
// One certification of an external codec, as `sortkey certify --codec-cmd`
// runs it: the adapter process and its client, the built-in reference, and
// the contract catalog of the codecs the adapter listed in its hello. The
// certifier runs the catalog's entries like the built-in ones, asks fatal()
// after each (a broken adapter ends the run with "could not run"), and may
// check the snapshot gate at the end.
//
// Example:
//
//   auto session = AdapterSession::open("python3 adapters/python/sortkey_adapter.py", {});
//   for (const auto& e : session->catalog().entries()) {
//     auto report = props::run_property(e, settings);
//     if (session->fatal()) return 2;   // print *session->fatal()
//   }

#ifndef SORTKEY_TOOLS_ADAPTER_ADAPTER_SESSION_H_
#define SORTKEY_TOOLS_ADAPTER_ADAPTER_SESSION_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapter/adapter_client.h"
#include "adapter/snapshot.h"
#include "catalog.h"
#include "props/contract_reference.h"
#include "runner.h"

namespace sortkey::adapter {

class AdapterSession {
 public:
  // Starts the adapter and reads its hello. Throws AdapterError, also when
  // the adapter lists no codec of protocol v1. Unknown codec names are
  // skipped (see hello().unknown).
  static std::shared_ptr<AdapterSession> open(const std::string& command,
                                              const ClientOptions& options);

  const props::Catalog& catalog() const { return catalog_; }
  const Hello& hello() const { return client_->hello(); }
  // "<hello name> (<command>)".
  std::string describe() const;
  // The certify arguments that select this adapter again: --codec-cmd '...' [--timeout-ms N].
  std::string replay_args() const;

  // The protocol failure that ended the conversation, if any.
  const std::optional<std::string>& fatal() const { return client_->failure(); }
  // Requests answered so far (hello included).
  std::int64_t requests() const { return client_->requests_sent(); }

  // Records or compares the snapshot (snapshot.h) of the listed codecs.
  // Throws AdapterError if the adapter breaks meanwhile.
  std::optional<SnapshotOutcome> snapshot(const std::string& path, std::string* problem);

  // One line per informational property: how often the adapter's keys were
  // the reference's ("number/agrees_with_reference: 36 of 100 keys agree").
  static std::vector<std::string> agreement_notes(const std::vector<props::RunReport>& reports);

  // Ends the adapter (closes its input, then kills its process group).
  void close() { client_->stop(); }

 private:
  AdapterSession() = default;
  ClientOptions options_;
  std::unique_ptr<AdapterClient> client_;
  props::contract::ReferenceCodecs reference_;
  props::Catalog catalog_;
};

// The text quoted for a POSIX shell: 'it'\''s'.
std::string shell_quote(const std::string& text);

}  // namespace sortkey::adapter

#endif  // SORTKEY_TOOLS_ADAPTER_ADAPTER_SESSION_H_
