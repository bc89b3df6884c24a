// File: certify/adapter/adapter_client.h
//
// The certifier's side of protocol v1 (adapters/PROTOCOL.md): starts an
// adapter, says hello, and turns requests into replies over the adapter's
// pipes, checking every answer's envelope: one JSON object per line, the id
// of the request it answers, in request order, with exactly one of "ok" and
// "error" (a string).
//
// An adapter that breaks the protocol or dies is not a codec that fails a
// property: the run cannot go on. The first such problem (a hang past the
// timeout, an exit or crash, a line that is not JSON or too long, a wrong or
// out-of-order id, a hello without its fields) throws AdapterError with a
// sentence naming what happened and the lines involved, stops the process,
// and sticks: every later call throws the same error at once, so RapidCheck's
// shrinking of a case that met it ends quickly, and the driver reads
// failure() to exit with "could not run".
//
// Example:
//
//   auto client = AdapterClient::start("node adapters/node/adapter.js", {});
//   client->hello().codecs;   // {"padded", "inverse", ...}
//   auto r = client->call_one(encode_request("padded", {{"width", 5}}, "157"));
//   // r.ok == "00157", r.request/r.response are the exact lines

#ifndef SORTKEY_CERTIFY_ADAPTER_ADAPTER_CLIENT_H_
#define SORTKEY_CERTIFY_ADAPTER_ADAPTER_CLIENT_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "certify/adapter/adapter_process.h"
#include "certify/adapter/answer_line.h"
#include "properties/props/contract_props.h"

namespace sortkey::certify::adapter {

using props::contract::json;
using props::contract::Reply;

struct ClientOptions {
  std::chrono::milliseconds timeout{5000};  // per answer
  // For the hello answer, which waits for the adapter to start (an
  // interpreter, a JVM): the larger of this and `timeout`.
  std::chrono::milliseconds startup_timeout{30000};
  std::size_t max_line = std::size_t{1} << 20;  // bytes in one answer line
};

// The adapter broke the protocol or died; what() says how.
class AdapterError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AdapterClient : public props::contract::CodecService {
 public:
  // Starts `sh -c command` and exchanges hello. Throws AdapterError.
  static std::unique_ptr<AdapterClient> start(const std::string& command,
                                              const ClientOptions& options);
  ~AdapterClient() override;

  const Hello& hello() const { return hello_; }
  const std::string& command() const { return command_; }

  // Throws AdapterError (see above).
  std::vector<Reply> call(const std::vector<json>& requests) override;

  // The problem that ended the conversation, once there is one.
  const std::optional<std::string>& failure() const { return failure_; }
  std::int64_t requests_sent() const { return next_id_; }

  // Stops the adapter (closes its input, then kills its process group).
  void stop();

 private:
  AdapterClient(std::string command, const ClientOptions& options)
      : command_(std::move(command)), options_(options) {}
  // Sends the lines, reads and checks one answer per line (read_answer);
  // *raw gets the answer lines as received. Throws.
  std::vector<json> exchange(const std::vector<std::string>& lines,
                             const std::vector<std::int64_t>& ids, std::vector<std::string>* raw,
                             std::chrono::milliseconds timeout);
  [[noreturn]] void fail(std::string what);

  std::string command_;
  ClientOptions options_;
  std::unique_ptr<AdapterProcess> process_;
  Hello hello_;
  std::int64_t next_id_ = 0;
  std::optional<std::string> failure_;
};

}  // namespace sortkey::certify::adapter

#endif  // SORTKEY_CERTIFY_ADAPTER_ADAPTER_CLIENT_H_
