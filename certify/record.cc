#include "certify/record.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "support/text.h"

namespace sortkey::certify {

std::size_t Certification::failed() const {
  return static_cast<std::size_t>(std::count_if(
      properties.begin(), properties.end(),
      [](const auto& p) { return p.run.verdict != props::Verdict::kPassed && !p.not_explored; }));
}

std::size_t Certification::not_explored() const {
  return static_cast<std::size_t>(std::count_if(properties.begin(), properties.end(),
                                                [](const auto& p) { return p.not_explored; }));
}

std::string Certification::tally(bool failures) const {
  // Groups in the order they first appear, catalog properties ("") first.
  std::vector<std::string> order{""};
  std::map<std::string, std::pair<std::size_t, std::size_t>> counts;  // group -> (counted, total)
  for (const auto& p : properties) {
    if (std::find(order.begin(), order.end(), p.group) == order.end()) order.push_back(p.group);
    auto& [counted, total] = counts[p.group];
    ++total;
    const bool passed = p.run.verdict == props::Verdict::kPassed;
    if (failures ? !passed && !p.not_explored : passed) ++counted;
  }
  std::string out;
  for (const std::string& group : order) {
    if (!group.empty() && counts[group].second == 0) continue;
    const auto [counted, total] = counts[group];
    // A group is named in the plural ("snapshot checks"): one is without its "s".
    const std::string many = group.empty() ? "properties" : group;
    const std::string one = group.empty() ? "property" : many.substr(0, many.size() - 1);
    out += fmt::format("{}{} of {}", out.empty() ? "" : " and ", counted,
                       support::quantity(total, one, many));
  }
  return out;
}

}  // namespace sortkey::certify
