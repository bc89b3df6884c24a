#include "certify/endpoint/budget.h"

#include <fmt/format.h>

#include <algorithm>

namespace sortkey::certify::endpoint {
namespace {

RunBudget::Clock::duration budget_seconds_of(double seconds) {
  return std::chrono::duration_cast<RunBudget::Clock::duration>(
      std::chrono::duration<double>(std::max(seconds, 0.0)));
}

double budget_in_seconds(RunBudget::Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace

RunBudget::RunBudget(double seconds, Clock::time_point opened)
    : seconds_(seconds), opened_(opened) {}

double RunBudget::minimize_spent() const { return budget_in_seconds(minimizing_); }

double RunBudget::explore_spent(Clock::time_point now) const {
  return budget_in_seconds(now - opened_ - minimizing_);
}

RunBudget::Clock::time_point RunBudget::explore_end() const {
  return opened_ + budget_seconds_of(seconds_) + minimizing_;
}

RunBudget::Clock::time_point RunBudget::share_end(std::size_t waiting,
                                                  Clock::duration reserve) const {
  const auto now = Clock::now();
  const auto end = explore_end();
  if (end <= now) return now;
  const auto left = (end - now) - std::clamp(reserve, Clock::duration{}, end - now);
  return now + left / static_cast<long>(std::max<std::size_t>(waiting, 1));
}

RunBudget::Clock::duration RunBudget::minimize_left() const {
  const auto left = budget_seconds_of(minimize_seconds()) - minimizing_;
  return left > Clock::duration{} ? left : Clock::duration{};
}

RunBudget::Clock::time_point RunBudget::minimize_until(std::size_t waiting,
                                                       std::size_t divergences) const {
  const auto left = budget_seconds_of(minimize_seconds()) - minimizing_;
  const auto now = Clock::now();
  if (left <= Clock::duration{}) return now;
  const auto d = static_cast<long>(std::max<std::size_t>(divergences, 1));
  const auto later = static_cast<long>(std::max<std::size_t>(waiting, 1) - 1);
  return now + left * d / (d + later);
}

void RunBudget::minimized(Clock::duration spent) {
  if (spent > Clock::duration{}) minimizing_ += spent;
}

std::string RunBudget::line(double run_seconds) const {
  const double bound = 1.1 * (seconds_ + minimize_seconds());
  return fmt::format(
      "budget: {:.0f} s for exploring and replaying (spent {:.1f} s), {:.0f} s for minimizing "
      "(spent {:.1f} s); the run took {:.1f} s, the bound is {:.1f} s (10% over both)",
      seconds_, std::max(run_seconds - minimize_spent(), 0.0), minimize_seconds(), minimize_spent(),
      run_seconds, bound);
}

nlohmann::json RunBudget::json(double run_seconds) const {
  return {{"seconds", seconds_},
          {"explore_spent", std::max(run_seconds - minimize_spent(), 0.0)},
          {"minimize_seconds", minimize_seconds()},
          {"minimize_spent", minimize_spent()},
          {"run_seconds", run_seconds}};
}

}  // namespace sortkey::certify::endpoint
