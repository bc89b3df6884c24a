// File: certify/endpoint/dynamodb_client.h
//
// A small DynamoDB client for the endpoint certifier: the JSON protocol
// (POST /, X-Amz-Target: DynamoDB_20120810.<Action>, Content-Type:
// application/x-amz-json-1.0) over libcurl, signed with Signature Version 4
// (endpoint/sigv4.h), the request and response bodies as nlohmann::json, and
// the project's attribute values (sortkey/attribute.h) for items and keys.
//
// Failure handling, by kind:
//   * an API error (HTTP 4xx with a __type): returned to the caller as
//     `ApiError`, because a rejection is an answer the certifier compares
//     (ValidationException, ResourceNotFoundException, ...);
//   * throttling (ProvisionedThroughputExceededException,
//     ThrottlingException, RequestLimitExceeded) and any HTTP 5xx: retried
//     up to `max_attempts` times, sleeping a random time in
//     [0, min(max_backoff, base_backoff * 2^attempt)) ("full jitter", AWS
//     Architecture Blog, "Exponential Backoff And Jitter"); then
//     TransportError kThrottled;
//   * no connection, a timeout (connect_timeout on connecting,
//     request_timeout for the whole exchange), an answer that is not
//     DynamoDB's JSON: TransportError, never retried, the run ends;
//   * an interrupt (Ctrl-C, see interrupt_count): TransportError
//     kInterrupted once the count reaches the client's threshold, also
//     in the middle of a transfer or a back-off sleep.
//
// Error texts pass through Credentials::redact, so a secret an endpoint
// echoes back is never printed.

#ifndef SORTKEY_CERTIFY_ENDPOINT_DYNAMODB_CLIENT_H_
#define SORTKEY_CERTIFY_ENDPOINT_DYNAMODB_CLIENT_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "certify/endpoint/credentials.h"
#include "sortkey/attribute.h"
#include "sortkey/error.h"

namespace sortkey::certify::endpoint {

// SIGINT/SIGTERM seen so far (set by the certifier's signal handler).
std::atomic<int>& interrupt_count();

struct EndpointConfig {
  std::string url;  // http(s)://host[:port][/]
  std::string region;
  Credentials credentials;
  long connect_timeout_ms = 3000;
  long request_timeout_ms = 30000;
  int max_attempts = 8;
  int base_backoff_ms = 25;
  int max_backoff_ms = 5000;
};

class TransportError : public std::runtime_error {
 public:
  enum class Kind { kUnreachable, kTimeout, kThrottled, kProtocol, kInterrupted };
  TransportError(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
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
  bool ok() const { return !error.has_value(); }
};

struct ClientStats {
  std::uint64_t requests = 0;  // HTTP exchanges, retries included
  std::uint64_t retries = 0;
  std::map<std::string, std::uint64_t> by_action;
};

class DynamoDbClient {
 public:
  // Errors (kBadParameter): a URL that is not http:// or https://, curl
  // that cannot be set up.
  static Result<std::unique_ptr<DynamoDbClient>> create(EndpointConfig config);
  ~DynamoDbClient();
  DynamoDbClient(const DynamoDbClient&) = delete;
  DynamoDbClient& operator=(const DynamoDbClient&) = delete;

  // Sends `action` with `request` as its body. Throws TransportError (see above).
  Reply call(std::string_view action, const nlohmann::json& request);

  // Interrupts needed before calls abort: 1 for the workload, 2 while cleaning
  // up (a first Ctrl-C lets the cleanup finish; a second aborts it).
  void set_interrupt_threshold(int n) { interrupt_threshold_ = n; }

  const EndpointConfig& config() const { return config_; }
  const ClientStats& stats() const { return stats_; }
  std::string host() const;  // host[:port] as sent in the Host header

 private:
  DynamoDbClient(EndpointConfig config, void* curl, std::string host);
  bool interrupted() const { return interrupt_count().load() >= interrupt_threshold_; }
  void sleep_backoff(int attempt);

  EndpointConfig config_;
  void* curl_;  // CURL*
  std::string host_;
  int interrupt_threshold_ = 1;
  ClientStats stats_;
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

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_DYNAMODB_CLIENT_H_
