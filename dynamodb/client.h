// File: dynamodb/client.h
//
// A small DynamoDB client for the endpoint certifier and the design check: the JSON protocol
// (POST /, X-Amz-Target: DynamoDB_20120810.<Action>, Content-Type:
// application/x-amz-json-1.0) over libcurl, signed with Signature Version 4
// (sigv4.h), the request and response bodies as nlohmann::json, and
// the project's attribute values (sortkey/attribute.h) for items and keys.
//
// Failure handling, by kind:
//   * an API error (HTTP 4xx with a __type): returned to the caller as
//     `ApiError`, because a rejection is an answer the certifier compares
//     (ValidationException, ResourceNotFoundException, ...);
//   * throttling (a throttling error type, whatever the status, and HTTP
//     429), a transient error code and a connection that broke after it was
//     made (reset, or closed without an answer): retried as the retry mode
//     says (retry.h: legacy, standard or adaptive, with the client-side rate
//     limiter of rate_limiter.h), up to `max_attempts` attempts in all; then
//     TransportError kThrottled (kConnectionLost for a connection);
//   * HTTP 5xx that is not throttling: retried the same way, up to
//     `server_error_attempts` attempts; then TransportError kServerError,
//     with the status and a description of the last body (BadAnswer). The
//     endpoint certifier reads it as the endpoint's answer to that request;
//   * an answer after a retry of an attempt whose outcome is unknown: the
//     request was sent in full and its connection broke before a complete
//     answer (reset, closed, or cut in the middle of the answer), so the
//     endpoint may have applied it before the retry; the reply says so
//     (Reply::outcome_unknown), since a write that is not idempotent (a
//     condition, ReturnValues, n = n + 1) answers its retry otherwise than
//     it would have answered once (workload.h settles such writes). So is
//     an answer after a retry of a 5xx that is not throttling: DynamoDB did
//     not process a request it answers so ("could not process your
//     request", Error handling with DynamoDB), but an endpoint under test
//     may have applied it before failing (DynamoDB Local does). A
//     connection that broke while the request was being sent, a throttling
//     error or a transient error code make no such doubt: one that did not
//     arrive whole, or was throttled, cannot have been applied;
//   * no answer to a request that was sent: a timeout (request_timeout for
//     the whole exchange; TransportError kTimeout, never retried), or a
//     connection that broke and then on every retry broke again or could
//     no longer be made (kConnectionLost). The workload reads either as the
//     endpoint's answer to that request (workload.h, Workload::send);
//   * an answer that is not DynamoDB's JSON or has a member of the wrong type
//     (answer.h), or a body over 32 MB: TransportError kProtocol with its
//     BadAnswer, never retried; the endpoint certifier reads it as the
//     endpoint's answer to that request;
//   * no connection on the first attempt (connect_timeout on connecting):
//     TransportError kUnreachable, never retried, the run ends;
//   * an interrupt (Ctrl-C, see interrupt_count): TransportError
//     kInterrupted once the count reaches the client's threshold, also
//     in the middle of a transfer, a back-off sleep or a wait for the rate
//     limiter;
//   * the caller's deadline passed (set_deadline: the run's budget is
//     spent): TransportError kOverBudget, at the same points, so that a
//     request held back by throttling or a slow answer never carries a run
//     past its budget. Neither is an answer of the endpoint's;
//   * keys from credential_process that are within 5 minutes of expiring
//     are fetched again before the next request; a failure to is a
//     TransportError.
//
// Error texts pass through Credentials::redact, so a secret an endpoint
// echoes back is never printed.

#ifndef SORTKEY_DYNAMODB_CLIENT_H_
#define SORTKEY_DYNAMODB_CLIENT_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dynamodb/credentials.h"
#include "dynamodb/rate_limiter.h"
#include "dynamodb/retry.h"
#include "sortkey/attribute.h"
#include "sortkey/error.h"

namespace sortkey::dynamodb {

// SIGINT/SIGTERM seen so far, and the first of them (set by the
// certifier's signal handler).
std::atomic<int>& interrupt_count();
std::atomic<int>& interrupt_signal();

struct EndpointConfig {
  std::string url;  // http(s)://host[:port][/]
  std::string region;
  Credentials credentials;
  long connect_timeout_ms = 3000;
  long request_timeout_ms = 30000;
  RetrySettings retry;
};

// A body as a report describes it, never whole (read_answer.h, summarize_body).
struct BodySummary {
  std::string type;  // "empty", "JSON", "HTML", "binary" or "text"
  std::size_t bytes = 0;
  // Its first line that is not blank, redacted, as support::excerpt quotes it
  // (one line of valid UTF-8, at most 120 bytes and the "…" of a cut).
  std::string first_line;
  std::string error_type;  // a JSON object's __type, short ("InternalServerError"), or ""
};

// An answer that is not one DynamoDB gives: a 5xx that persisted, or a body
// that is not DynamoDB's JSON.
struct BadAnswer {
  long status = 0;
  // What is wrong, in words that do not change between occurrences: "a
  // server error", "a body that is not a JSON object", "/Items is an object,
  // not an array".
  std::string reason;
  BodySummary body;
};

class TransportError : public std::runtime_error {
 public:
  // kServerError: a 5xx that persisted through its attempts; kProtocol: an
  // answer that is not DynamoDB's JSON (with answer()) or keys that could
  // not be renewed (without).
  enum class Kind {
    kUnreachable,
    kTimeout,
    kConnectionLost,
    kThrottled,
    kServerError,
    kProtocol,
    kInterrupted,
    kOverBudget
  };
  TransportError(Kind kind, const std::string& what, std::optional<BadAnswer> answer = {})
      : std::runtime_error(what), kind_(kind), answer_(std::move(answer)) {}
  Kind kind() const { return kind_; }
  // The answer the endpoint gave, when it gave one that is not DynamoDB's.
  const std::optional<BadAnswer>& answer() const { return answer_; }

 private:
  Kind kind_;
  std::optional<BadAnswer> answer_;
};

struct ApiError {
  int http_status = 0;
  std::string type;  // after the '#': "ValidationException"
  std::string message;
};

// One answer: the body on success, else the API error.
struct Reply {
  std::optional<ApiError> error;
  nlohmann::json body;
  int attempts = 1;  // the exchanges it took
  // An earlier attempt of it was sent in full and its connection broke
  // before a complete answer: the endpoint may have applied it already.
  bool outcome_unknown = false;
  bool ok() const { return !error.has_value(); }
};

// What one HTTP answer means: the reply, or an attempt to retry and why.
struct AnswerReading {
  std::optional<Reply> reply;
  std::string retry_because;              // when there is no reply
  bool throttled = false;                 // the retry is for throttling
  bool broke = false;                     // the connection broke after the request was sent
  bool unknown = false;                   // ... in full, before a complete answer: applied or not
  std::optional<BadAnswer> server_error;  // the retry is for a 5xx that is not throttling
};

struct ClientStats {
  std::uint64_t requests = 0;  // HTTP exchanges, retries included
  std::uint64_t retries = 0;
  std::uint64_t throttled = 0;         // answers that were throttling errors
  std::uint64_t broken = 0;            // connections that broke after they were made
  std::uint64_t unknown_outcomes = 0;  // replies with outcome_unknown
  std::uint64_t credential_refreshes = 0;
  double limited_seconds = 0;  // spent waiting for the rate limiter
  std::map<std::string, std::uint64_t> by_action;
};

// The sum of the stats of several connections.
ClientStats& operator+=(ClientStats& total, const ClientStats& more);

class DynamoDbClient {
 public:
  // Errors (kBadParameter): a URL that is not http:// or https://, curl
  // that cannot be set up.
  static Result<std::unique_ptr<DynamoDbClient>> create(EndpointConfig config);
  // A client of the same settings (its credentials as they are now) on a
  // connection of its own, sharing this one's rate limiter: the clients of
  // one run may each be used by a thread of its own at the same time, and
  // the adaptive mode's limiter paces all their attempts together. Errors:
  // those of create().
  Result<std::unique_ptr<DynamoDbClient>> another_connection() const;
  ~DynamoDbClient();
  DynamoDbClient(const DynamoDbClient&) = delete;
  DynamoDbClient& operator=(const DynamoDbClient&) = delete;

  // Sends `action` with `request` as its body. Throws TransportError (see
  // above), and std::invalid_argument for a request that is not valid JSON
  // (text that is not UTF-8: a bug of the caller's, never sent).
  Reply call(std::string_view action, const nlohmann::json& request);

  // Interrupts needed before calls abort: 1 for the workload, 2 while cleaning
  // up (a first Ctrl-C lets the cleanup finish; a second aborts it).
  void set_interrupt_threshold(int n) { interrupt_threshold_ = n; }

  // From now on every call throws TransportError kOverBudget once `deadline`
  // (steady clock) has passed, also in the middle of an exchange, a back-off
  // or a wait for the rate limiter; nullopt: no deadline. Shared with
  // another_connection()'s clients, before or after they were made.
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline);
  bool past_deadline() const;

  // Whether calls wait for the adaptive rate limiter (RetryMode::kAdaptive);
  // true at first. The cleanup's few DeleteTables, control-plane requests
  // that the table's throughput does not limit, go unlimited, with back-off
  // and retries as always, so that a throttling endpoint does not hold the
  // end of a run for seconds per table.
  void set_rate_limited(bool limited) { rate_limited_ = limited; }

  // The limit of one exchange from now on (replays of a request the
  // endpoint did not answer wait less than the run's --request-timeout).
  void set_request_timeout_ms(long ms) { config_.request_timeout_ms = ms; }

  const EndpointConfig& config() const { return config_; }
  const ClientStats& stats() const { return stats_; }
  const RateLimiter& limiter() const { return *limiter_; }
  std::string host() const;  // host[:port] as sent in the Host header

 private:
  DynamoDbClient(EndpointConfig config, void* curl, std::string host,
                 std::shared_ptr<RateLimiter> limiter);
  bool interrupted() const { return interrupt_count().load() >= interrupt_threshold_; }
  // Throws kInterrupted on an interrupt, kOverBudget past the deadline.
  void check_stop() const;
  // Sleeps `seconds`, in steps, throwing kInterrupted on an interrupt.
  void pause(double seconds);
  void refresh_credentials_if_expiring();
  struct Exchange;
  Exchange exchange(const std::string& target, const std::string& body);
  AnswerReading attempt(std::string_view action, const std::string& target,
                        const std::string& body);

  EndpointConfig config_;
  std::shared_ptr<RateLimiter> limiter_;  // shared with another_connection()'s
  // The deadline in steady-clock ticks, max() for none; shared likewise.
  std::shared_ptr<std::atomic<std::int64_t>> deadline_;
  void* curl_;  // CURL*
  std::string host_;
  int interrupt_threshold_ = 1;
  ClientStats stats_;
  bool rate_limited_ = true;
  std::uint64_t jitter_state_;
};

// DynamoDB JSON values and items <-> the project's attribute values.
// Errors: those of parse_attribute_value / parse_item.
Result<AttributeValue> value_from_json(const nlohmann::json& j);
Result<Item> item_from_json(const nlohmann::json& j);
nlohmann::json to_json_value(const AttributeValue& v);
nlohmann::json to_json_item(const Item& item);

// The host (without port) of an http(s) URL, or "" if it is not one.
std::string url_host(std::string_view url);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_CLIENT_H_
