// File: dynamodb/retry.h
//
// How the endpoint client retries a failed attempt, as the AWS SDKs do
// (AWS SDKs and Tools Reference Guide, "Retry behavior"; botocore
// retries/standard.py and data/_retry.json, whose DynamoDB settings these
// are):
//
//   retried   a throttling error (is_throttling), HTTP 5xx, the transient
//             error codes RequestTimeout, RequestTimeoutException and
//             PriorRequestNotComplete, and a connection that broke after it
//             was made (reset, or closed without an answer); never a
//             connection refused, a timeout of the whole exchange, or any
//             other error answer. A retry after a connection that broke
//             once the request was sent in full leaves the outcome of a
//             write unknown: the reply says so (dynamodb/client.h).
//   attempts  RetrySettings::max_attempts, first attempt included; a 5xx
//             answer (a server error that is not throttling) is tried
//             RetrySettings::server_error_attempts times at most.
//   backoff   legacy:   50 ms * 2^(n-1) before retry n, at most 20 s, no jitter;
//             standard: random [0, 1) * min(b * 2^(n-1), 20 s), b = 1 s
//                       after a throttle and 25 ms after anything else;
//             adaptive: as standard, and every attempt first waits for the
//                       client-side rate limiter (rate_limiter.h).
//
// AWS SDKs and Tools Reference Guide, "Retry behavior"
// (docs.aws.amazon.com/sdkref/latest/guide/feature-retry-behavior.html):
// adaptive mode is standard mode plus client-side rate limiting, may delay
// even a first attempt, and is meant for a latency-tolerant client of one
// resource that is throttled often: a throttled run slows down. The certifier
// bounds the slowing by --budget (the client's deadline, client.h); what the
// budget could not explore is reported so, never as a failure.
//
// The certifier's default is adaptive with 10 attempts (AWS's own default
// is 3 or 4 attempts): a run sends tens of thousands of requests, and one
// request that runs out of attempts while throttled ends the whole run. A
// server error that persists does not end it: the endpoint certifier reports
// it as the endpoint's answer to that request (certify/endpoint/workload.h),
// so a 5xx gets the SDKs' 3 attempts by default, and an endpoint that answers
// some requests with a deterministic 500 costs a run milliseconds each, not
// the seconds of 10 back-offs. AWS_MAX_ATTEMPTS (or max_attempts) set
// explicitly applies to both. The retry quota of standard mode (a client that
// stops retrying after many failures) is left out: a run waits for a
// throttling endpoint rather than fail fast.

#ifndef SORTKEY_DYNAMODB_RETRY_H_
#define SORTKEY_DYNAMODB_RETRY_H_

#include <string>
#include <string_view>

namespace sortkey::dynamodb {

enum class RetryMode { kLegacy, kStandard, kAdaptive };

struct RetrySettings {
  RetryMode mode = RetryMode::kAdaptive;
  int max_attempts = 10;
  // For a 5xx that is not throttling: the SDKs' default, or max_attempts
  // when that was set explicitly.
  int server_error_attempts = 3;
  std::string source = "default";  // where they came from, for the run's description
};

// "legacy", "standard", "adaptive".
std::string_view retry_mode_name(RetryMode mode);

// Whether an error answer's type (after the '#') is throttling: the union
// of the codes the AWS SDKs treat so (ProvisionedThroughputExceededException,
// ThrottlingException, RequestLimitExceeded, ...).
bool is_throttling(std::string_view error_type);
// Whether it is one of the transient error codes above.
bool is_transient(std::string_view error_type);

// Seconds to wait before retry `retry` (1 for the first retry), after a
// throttling error or not; `random01` is a draw from [0, 1).
double backoff_seconds(RetryMode mode, int retry, bool throttled, double random01);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_RETRY_H_
