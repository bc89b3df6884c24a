#include "dynamodb/rate_limiter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <random>

#include "dynamodb/retry.h"

namespace sortkey::dynamodb {
namespace {

// A clock the test moves.
struct FakeClock {
  double now = 1000.0;
  RateLimiter::Clock clock() {
    return [this] { return now; };
  }
};

// Sends `n` attempts, `gap` seconds apart, all answered without throttling.
void send_ok(RateLimiter& limiter, FakeClock& clock, int n, double gap) {
  for (int i = 0; i < n; ++i) {
    clock.now += limiter.reserve() + gap;
    limiter.on_answer(false);
  }
}

TEST(RateLimiter, OffUntilTheFirstThrottle) {
  FakeClock clock;
  RateLimiter limiter(clock.clock());
  send_ok(limiter, clock, 1000, 0.001);
  EXPECT_FALSE(limiter.enabled());
  EXPECT_EQ(limiter.reserve(), 0);
}

TEST(RateLimiter, AThrottleCutsTheRateToSeventyPercentOfWhatWasSent) {
  FakeClock clock;
  RateLimiter limiter(clock.clock());
  send_ok(limiter, clock, 400, 0.01);  // 100 attempts per second for 4 s
  EXPECT_NEAR(limiter.measured_rate(), 100, 5);
  limiter.on_answer(true);
  ASSERT_TRUE(limiter.enabled());
  EXPECT_NEAR(limiter.fill_rate(), 0.7 * limiter.measured_rate(), 1e-9);
}

TEST(RateLimiter, ReservationsWaitForTokensAtTheFillRate) {
  FakeClock clock;
  RateLimiter limiter(clock.clock());
  send_ok(limiter, clock, 400, 0.01);
  limiter.on_answer(true);
  const double rate = limiter.fill_rate();
  // Without time passing, each reservation beyond the bucket's tokens waits
  // 1 / rate longer than the one before.
  double waited = 0;
  for (int i = 0; i < 200; ++i) waited = limiter.reserve();
  EXPECT_GT(waited, 100 / rate);
  EXPECT_LT(waited, 200 / rate + 1e-9);
}

TEST(RateLimiter, CubicGrowthComesBackToTheRateBeforeTheThrottle) {
  FakeClock clock;
  RateLimiter limiter(clock.clock());
  send_ok(limiter, clock, 400, 0.01);
  limiter.on_answer(true);
  const double w_max = limiter.fill_rate() / 0.7;
  const double k = std::cbrt(w_max * 0.3 / 0.4);
  // Keep sending at 100 per second (well above the limit, so the measured
  // rate stays high) and look at the rate the limiter allows at t = K.
  const double start = clock.now;
  while (clock.now - start < k) {
    clock.now += 0.01;
    limiter.on_answer(false);
  }
  EXPECT_NEAR(limiter.fill_rate(), w_max, 0.05 * w_max);
}

TEST(RateLimiter, NeverBelowHalfATokenPerSecond) {
  FakeClock clock;
  RateLimiter limiter(clock.clock());
  for (int i = 0; i < 200; ++i) {
    clock.now += limiter.reserve();
    limiter.on_answer(true);
    EXPECT_GE(limiter.fill_rate(), 0.5);
  }
}

// A store that admits `capacity` requests in any one-second window and
// throttles the rest: the limiter settles near that capacity, and few
// requests are throttled once it has.
TEST(RateLimiter, SettlesUnderTheCapacityOfAStoreThatThrottles) {
  FakeClock clock;
  RateLimiter limiter(clock.clock());
  const double capacity = 50;
  std::deque<double> admitted;
  int throttled_late = 0;
  int sent_late = 0;
  const double start = clock.now;
  while (clock.now - start < 120) {
    clock.now += limiter.reserve() + 0.002;  // 2 ms per exchange
    while (!admitted.empty() && admitted.front() <= clock.now - 1) admitted.pop_front();
    const bool throttled = static_cast<double>(admitted.size()) >= capacity;
    if (!throttled) admitted.push_back(clock.now);
    limiter.on_answer(throttled);
    if (clock.now - start > 60) {
      ++sent_late;
      throttled_late += throttled ? 1 : 0;
    }
  }
  const double rate = sent_late / 60.0;
  EXPECT_GT(rate, 0.6 * capacity);
  EXPECT_LT(rate, 1.2 * capacity);
  EXPECT_LT(throttled_late, sent_late / 10);
}

TEST(Retry, BackoffPerMode) {
  // legacy: 50 ms doubling, no jitter, at most 20 s.
  EXPECT_DOUBLE_EQ(backoff_seconds(RetryMode::kLegacy, 1, true, 0.3), 0.05);
  EXPECT_DOUBLE_EQ(backoff_seconds(RetryMode::kLegacy, 4, false, 0.9), 0.4);
  EXPECT_DOUBLE_EQ(backoff_seconds(RetryMode::kLegacy, 40, false, 0.9), 20);
  // standard and adaptive: full jitter, 1 s base after a throttle, 25 ms otherwise, at most 20 s.
  EXPECT_DOUBLE_EQ(backoff_seconds(RetryMode::kStandard, 1, true, 0.5), 0.5);
  EXPECT_DOUBLE_EQ(backoff_seconds(RetryMode::kAdaptive, 3, true, 0.5), 2);
  EXPECT_DOUBLE_EQ(backoff_seconds(RetryMode::kStandard, 2, false, 1.0), 0.05);
  EXPECT_DOUBLE_EQ(backoff_seconds(RetryMode::kAdaptive, 30, true, 1.0), 20);
}

TEST(Retry, ThrottlingAndTransientCodes) {
  for (const char* t :
       {"ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded"}) {
    EXPECT_TRUE(is_throttling(t)) << t;
  }
  EXPECT_FALSE(is_throttling("ValidationException"));
  EXPECT_FALSE(is_throttling("ResourceNotFoundException"));
  EXPECT_TRUE(is_transient("RequestTimeout"));
  EXPECT_FALSE(is_transient("ConditionalCheckFailedException"));
}

}  // namespace
}  // namespace sortkey::dynamodb
