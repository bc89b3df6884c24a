#include "dynamodb/rate_limiter.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace sortkey::dynamodb {
namespace {

// The SDKs' constants: DO NOT CHANGE without changing the header's account.
constexpr double kMinFillRate = 0.5;       // tokens per second
constexpr double kBeta = 0.7;              // multiplicative decrease
constexpr double kScale = 0.4;             // CUBIC's C
constexpr double kSmoothing = 0.8;         // weight of the newest measurement
constexpr double kBucketsPerSecond = 2.0;  // the rate is measured per 0.5 s
constexpr double kMaxAboveMeasured = 2.0;  // the fill rate stays under 2x the measured rate

}  // namespace

double RateLimiter::steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

RateLimiter::RateLimiter(Clock clock) : clock_(std::move(clock)) {
  const double now = clock_();
  last_bucket_ = std::floor(now);
  last_throttle_ = now;
  set_fill_rate(1);
}

void RateLimiter::refill() {
  const double now = clock_();
  if (last_refill_ >= 0) tokens_ = std::min(capacity_, tokens_ + (now - last_refill_) * fill_rate_);
  last_refill_ = now;
}

void RateLimiter::set_fill_rate(double rate) {
  refill();  // what accrued so far accrued at the old rate
  fill_rate_ = std::max(rate, kMinFillRate);
  capacity_ = std::max(rate, 1.0);
  tokens_ = std::min(tokens_, capacity_);
}

bool RateLimiter::enabled() const {
  std::lock_guard lock(mutex_);
  return enabled_;
}

double RateLimiter::fill_rate() const {
  std::lock_guard lock(mutex_);
  return fill_rate_;
}

double RateLimiter::measured_rate() const {
  std::lock_guard lock(mutex_);
  return measured_rate_;
}

double RateLimiter::reserve() {
  std::lock_guard lock(mutex_);
  if (!enabled_) return 0;
  refill();
  const double wait = tokens_ >= 1 ? 0 : (1 - tokens_) / fill_rate_;
  tokens_ -= 1;  // below zero: the wait pays it back
  return wait;
}

void RateLimiter::give_back() {
  std::lock_guard lock(mutex_);
  if (enabled_) tokens_ = std::min(capacity_, tokens_ + 1);
}

double RateLimiter::record_attempt() {
  const double now = clock_();
  const double bucket = std::floor(now * kBucketsPerSecond) / kBucketsPerSecond;
  count_ += 1;
  if (bucket > last_bucket_) {
    const double current = count_ / (bucket - last_bucket_);
    measured_rate_ = current * kSmoothing + measured_rate_ * (1 - kSmoothing);
    count_ = 0;
    last_bucket_ = bucket;
  }
  return measured_rate_;
}

void RateLimiter::on_answer(bool throttled) {
  std::lock_guard lock(mutex_);
  const double measured = record_attempt();
  const double now = clock_();
  double rate = 0;
  if (throttled) {
    w_max_ = enabled_ ? std::min(measured, fill_rate_) : measured;
    k_ = std::cbrt(w_max_ * (1 - kBeta) / kScale);
    last_throttle_ = now;
    rate = w_max_ * kBeta;
    enabled_ = true;
  } else {
    rate = kScale * std::pow(now - last_throttle_ - k_, 3) + w_max_;
  }
  set_fill_rate(std::min(rate, kMaxAboveMeasured * measured));
}

}  // namespace sortkey::dynamodb
