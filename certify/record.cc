#include "certify/record.h"

#include <algorithm>

namespace sortkey::certify {

std::size_t Certification::failed() const {
  return static_cast<std::size_t>(
      std::count_if(properties.begin(), properties.end(),
                    [](const auto& p) { return p.run.verdict != props::Verdict::kPassed; }));
}

}  // namespace sortkey::certify
