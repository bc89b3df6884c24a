#include "support/suggest.h"

#include <algorithm>
#include <utility>

namespace sortkey::support {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: the one before the previous is what
  // a swap of two neighbours needs.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        row[j] = std::min(row[j], before[j - 2] + 1);
      }
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[b.size()];
}

std::vector<std::string> nearest_names(std::string_view word,
                                       const std::vector<std::string>& candidates,
                                       std::size_t limit) {
  const std::size_t within = word.size() <= 3 ? 1 : word.size() <= 6 ? 2 : 3;
  std::vector<std::pair<std::size_t, std::size_t>> near;      // (distance, index)
  std::vector<std::pair<std::size_t, std::size_t>> extended;  // names `word` begins
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const std::string& c = candidates[i];
    const auto before = candidates.begin() + static_cast<std::ptrdiff_t>(i);
    if (c == word || std::find(candidates.begin(), before, c) != before) continue;
    const std::size_t d = edit_distance(word, c);
    if (d <= within) {
      near.emplace_back(d, i);
    } else if (word.size() >= 3 && std::string_view(c).starts_with(word)) {
      extended.emplace_back(d, i);
    }
  }
  if (near.empty()) near = std::move(extended);
  std::stable_sort(near.begin(), near.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (const auto& [d, i] : near) {
    if (out.size() == limit || d > near.front().first) break;
    out.push_back(candidates[i]);
  }
  return out;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates,
                         std::string_view prefix) {
  const std::vector<std::string> near = nearest_names(word, candidates);
  if (near.empty()) return {};
  std::string out = "did you mean ";
  for (std::size_t i = 0; i < near.size(); ++i) {
    if (i > 0) out += i + 1 == near.size() ? " or " : ", ";
    out += std::string(prefix) + near[i];
  }
  return out + "?";
}

}  // namespace sortkey::support
