// File: properties/props/outcome.h
//
// What a property function returns. Property functions are plain C++: given
// typed inputs they decide that the statement holds, that the inputs are
// outside the statement's precondition (discard), or that it fails, with a
// message naming the inputs and what went wrong. Thin adapters turn an
// Outcome into RapidCheck's RC_FAIL/RC_DISCARD, a libFuzzer abort, or a line
// of a certification report.

#ifndef SORTKEY_PROPERTIES_OUTCOME_H_
#define SORTKEY_PROPERTIES_OUTCOME_H_

#include <string>
#include <utility>

namespace sortkey::props {

class Outcome {
 public:
  enum class Kind { kHolds, kDiscard, kFails };

  static Outcome holds() { return Outcome(Kind::kHolds, {}); }
  static Outcome discard(std::string why) { return Outcome(Kind::kDiscard, std::move(why)); }
  static Outcome fails(std::string why) { return Outcome(Kind::kFails, std::move(why)); }

  Kind kind() const { return kind_; }
  bool ok() const { return kind_ != Kind::kFails; }
  const std::string& message() const { return message_; }

 private:
  Outcome(Kind kind, std::string message) : kind_(kind), message_(std::move(message)) {}
  Kind kind_;
  std::string message_;
};

// Runs the checks in order and returns the first that does not hold.
// Usage: return first_failure({check_a(...), check_b(...)});
inline Outcome first_failure(std::initializer_list<Outcome> outcomes) {
  for (const Outcome& o : outcomes) {
    if (o.kind() != Outcome::Kind::kHolds) return o;
  }
  return Outcome::holds();
}

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_OUTCOME_H_
