// File: certify/endpoint/budget.h
//
// What bounds an endpoint run in time (--budget SECONDS), and what the
// closing note and --json say of it. Two clocks:
//
//   exploring   --budget seconds of the run's wall time from the session's
//               opening, minimizing left out: each exploring property an
//               equal share of what is left when it starts, less a reserve
//               for the known divergences' replay, which comes last and has
//               what is left then, and what minimizing left unused. The client's
//               deadline (dynamodb/client.h, set_deadline) is the end of the
//               share at work, so that a request held back by throttling, or
//               waiting for a slow endpoint, never carries the run past it.
//   minimizing  a share of its own on top, kMinimizeShare of --budget: when a
//               property is judged, its new divergences get their part of
//               what is left of it, each property still to be judged
//               counting as one divergence (minimize_until).
//
// The cleanup (every table deleted) comes after both and is not cut. The
// run's wall time is then within 10% of --budget plus the minimizing share
// (both printed), unless the cleanup itself is slow, which the note shows.
//
// Example:
//   RunBudget budget(50, RunBudget::Clock::now());
//   client.set_deadline(budget.share_end(6));  // the first of six properties
//   ...
//   const auto until = budget.minimize_until(5);
//   ... minimize ...
//   budget.minimized(spent);

#ifndef SORTKEY_CERTIFY_ENDPOINT_BUDGET_H_
#define SORTKEY_CERTIFY_ENDPOINT_BUDGET_H_

#include <chrono>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

namespace sortkey::certify::endpoint {

class RunBudget {
 public:
  using Clock = std::chrono::steady_clock;
  // The minimizing share: this fraction of --budget, on top of it.
  static constexpr double kMinimizeShare = 0.4;
  // A property that ran fewer cases than this (or than --cases, when fewer)
  // before its share ended was not explored: its pass would certify nothing.
  static constexpr int kFewestCases = 3;

  RunBudget() = default;
  RunBudget(double seconds, Clock::time_point opened);

  double seconds() const { return seconds_; }
  double minimize_seconds() const { return seconds_ * kMinimizeShare; }
  double minimize_spent() const;
  // What is left of the minimizing share.
  Clock::duration minimize_left() const;
  // Wall time since the opening, minimizing left out.
  double explore_spent(Clock::time_point now) const;

  // The end of exploring: the opening + --budget + the minimizing done.
  Clock::time_point explore_end() const;
  // A property's share: an equal part of what is left of exploring, less
  // `reserve` (the known divergences' replay, which comes last), for
  // `waiting` properties (this one included).
  Clock::time_point share_end(std::size_t waiting, Clock::duration reserve = {}) const;
  // The end of a property's minimizing: its part of what is left of the
  // minimizing share, for `waiting` properties (this one included), when it
  // has `divergences` to minimize: each property still to come counts as
  // one divergence, so a property that found many gets as many parts
  // (left * d / (d + waiting - 1)), and one that found one an equal part.
  Clock::time_point minimize_until(std::size_t waiting, std::size_t divergences = 1) const;
  // Minimizing that took `spent`: exploring's end moves on by as much.
  void minimized(Clock::duration spent);

  // "budget: 20 s for exploring and replaying (spent 20.3 s), 8 s for
  // minimizing (spent 1.2 s); the run took 22.0 s of at most 30.8 s"
  std::string line(double run_seconds) const;
  nlohmann::json json(double run_seconds) const;

 private:
  double seconds_ = 0;
  Clock::time_point opened_{};
  Clock::duration minimizing_{};
};

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_BUDGET_H_
