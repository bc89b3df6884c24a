#include "dynamodb/retry.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace sortkey::dynamodb {

std::string_view retry_mode_name(RetryMode mode) {
  switch (mode) {
    case RetryMode::kLegacy:
      return "legacy";
    case RetryMode::kStandard:
      return "standard";
    case RetryMode::kAdaptive:
      return "adaptive";
  }
  return "adaptive";
}

bool is_throttling(std::string_view error_type) {
  static constexpr std::array<std::string_view, 14> kCodes = {
      "ProvisionedThroughputExceededException",
      "ThrottlingException",
      "RequestLimitExceeded",
      "Throttling",
      "ThrottledException",
      "RequestThrottledException",
      "TooManyRequestsException",
      "TransactionInProgressException",
      "BandwidthLimitExceeded",
      "LimitExceededException",
      "RequestThrottled",
      "SlowDown",
      "PriorRequestNotComplete",
      "EC2ThrottledException",
  };
  return std::find(kCodes.begin(), kCodes.end(), error_type) != kCodes.end();
}

bool is_transient(std::string_view error_type) {
  return error_type == "RequestTimeout" || error_type == "RequestTimeoutException" ||
         error_type == "PriorRequestNotComplete";
}

double backoff_seconds(RetryMode mode, int retry, bool throttled, double random01) {
  const double doubling = std::ldexp(1.0, std::clamp(retry - 1, 0, 30));
  if (mode == RetryMode::kLegacy) return std::min(0.05 * doubling, 20.0);
  const double base = throttled ? 1.0 : 0.025;
  return random01 * std::min(base * doubling, 20.0);
}

}  // namespace sortkey::dynamodb
