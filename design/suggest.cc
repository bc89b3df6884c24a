#include "design/suggest.h"

#include <algorithm>
#include <cctype>

namespace sortkey::design {
namespace {

char lowered(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

int name_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: three rows of the edit-distance table.
  const std::size_t n = b.size();
  std::vector<int> before(n + 1);
  std::vector<int> row(n + 1);
  std::vector<int> next(n + 1);
  for (std::size_t j = 0; j <= n; ++j) row[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    next[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= n; ++j) {
      const int cost = lowered(a[i - 1]) == lowered(b[j - 1]) ? 0 : 1;
      next[j] = std::min({row[j] + 1, next[j - 1] + 1, row[j - 1] + cost});
      if (i > 1 && j > 1 && lowered(a[i - 1]) == lowered(b[j - 2]) &&
          lowered(a[i - 2]) == lowered(b[j - 1])) {
        next[j] = std::min(next[j], before[j - 2] + 1);
      }
    }
    before.swap(row);
    row.swap(next);
  }
  return row[n];
}

std::string closest_name(std::string_view name, const std::vector<std::string>& known) {
  const int allowed = name.size() <= 4 ? 1 : (name.size() <= 8 ? 2 : 3);
  const std::string* best = nullptr;
  int best_distance = allowed + 1;
  for (const std::string& k : known) {
    if (k == name) continue;
    const int d = name_distance(name, k);
    if (d < best_distance) {
      best = &k;
      best_distance = d;
    }
  }
  return best == nullptr ? std::string() : *best;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& known) {
  const std::string best = closest_name(name, known);
  return best.empty() ? best : " (did you mean " + best + "?)";
}

}  // namespace sortkey::design
