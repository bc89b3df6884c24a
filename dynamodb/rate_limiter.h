// File: dynamodb/rate_limiter.h
//
// The client-side rate limiter of the AWS SDKs' adaptive retry mode
// (botocore retries/adaptive.py, bucket.py, throttling.py; the same in the
// Java and C++ SDKs), so that an endpoint that throttles is given the rate it
// can take instead of a run that gives up:
//
//   * it stays off until the first throttling answer; from then on every
//     attempt takes a token from a bucket filled at `fill_rate()` tokens per
//     second (at least 0.5; capacity max(1, fill rate));
//   * the sending rate is measured in half-second buckets, smoothed 0.8;
//   * a throttling answer sets the fill rate to 0.7 times the rate being
//     sent (the lower of the measured and the fill rate), and remembers that
//     rate as W_max: CUBIC's multiplicative decrease;
//   * any other answer sets it to 0.4 (t - K)^3 + W_max, t the seconds since
//     the last throttle and K = cbrt(W_max * 0.3 / 0.4): back to W_max after
//     K seconds, slowly at first, then probing above it;
//   * never above twice the measured rate, so the rate follows what is sent.
//
// Against a store that throttles above its capacity, the rate settles just
// under that capacity. Throttles that come at random, whatever the rate,
// push it down to a few requests per second, as in the SDKs: slowing down is
// then no help, and the retries are what carry the run.
//
// Example:
//   RateLimiter limiter;
//   const double wait = limiter.reserve();  // sleep this long, then send
//   ...
//   limiter.on_answer(/*throttled=*/reply_was_throttling);

#ifndef SORTKEY_DYNAMODB_RATE_LIMITER_H_
#define SORTKEY_DYNAMODB_RATE_LIMITER_H_

#include <functional>
#include <mutex>

namespace sortkey::dynamodb {

class RateLimiter {
 public:
  // Seconds on a monotonic clock; a test passes its own.
  using Clock = std::function<double()>;
  static double steady_seconds();
  explicit RateLimiter(Clock clock = steady_seconds);

  // Takes a token for the next attempt and returns how many seconds to wait
  // before sending it: 0 while the limiter is off or a token is there.
  double reserve();
  // Returns the token of a reserve() whose attempt was never sent (its wait
  // would end past the caller's deadline).
  void give_back();
  // The answer to an attempt (a throttling error, or anything else,
  // a transport error included) adjusts the rate.
  void on_answer(bool throttled);

  bool enabled() const;
  double fill_rate() const;      // tokens per second
  double measured_rate() const;  // attempts per second

 private:
  void refill();
  void set_fill_rate(double rate);
  double record_attempt();  // the measured rate, updated

  // One limiter is shared by every connection of a client
  // (DynamoDbClient::another_connection), as the SDKs share one per client:
  // each call takes the lock.
  mutable std::mutex mutex_;
  Clock clock_;
  bool enabled_ = false;
  // The token bucket.
  double fill_rate_ = 0;
  double capacity_ = 1;
  double tokens_ = 0;
  double last_refill_ = -1;  // < 0: not yet
  // The measured sending rate.
  double measured_rate_ = 0;
  double last_bucket_ = 0;
  double count_ = 0;
  // CUBIC.
  double w_max_ = 0;
  double k_ = 0;
  double last_throttle_ = 0;
};

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_RATE_LIMITER_H_
