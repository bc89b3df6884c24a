// File: gen/draws.h
//
// A generator whose value is one draw: every choice it makes (an index, a
// count, a coin) is a number taken in turn from one Random, where nested
// RapidCheck combinators (weightedOneOf, exec, mapcat) would split a Random,
// allocate a shrinkable and box a value for each. Each choice has the law of
// the combinator it replaces: `below(n)` is elementOf's and weightedElement's
// `next() % n`, `in_range` is inRange's, scaled by the case's size as
// rc::gen::inRange is, so the small early cases keep their shape.
//
// It shrinks as a choice sequence: the choices a value made are recorded and
// each, in order, is shrunk towards 0 (halfway, then by one), the value read
// again from the shorter choices (those past the end read as 0). Choice 0 is
// the simplest of each: the first alternative, the smallest count, the low
// end of a range, so a counterexample comes out small.
//
// Example:
//   int read_digit(Draws& d) { return d.weighted({9, 1}) == 0 ? d.below(10) : 0; }
//   rc::Gen<int> gen_digit() { return gen_drawn<int>(read_digit); }

#ifndef SORTKEY_PROPERTIES_GEN_DRAWS_H_
#define SORTKEY_PROPERTIES_GEN_DRAWS_H_

#include <rapidcheck.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

namespace sortkey::props {

// The choices of one value: fresh from a Random, or replayed from recorded
// choices while shrinking; either way optionally recorded.
class Draws {
 public:
  Draws(const rc::Random& random, int size) : random_(random), size_(size) {}
  Draws(const std::vector<std::uint64_t>* replay, int size) : replay_(replay), size_(size) {}

  int size() const { return size_; }
  // The size in_range scales by from here on (rc::gen::suchThat grows it a try).
  void resize(int size) { size_ = size; }
  void record_into(std::vector<std::uint64_t>* out) { recorded_ = out; }

  // Uniform over [0, n); n > 0.
  std::uint64_t below(std::uint64_t n) {
    if (n == 0) throw rc::GenerationFailure("no choice among 0 alternatives");
    std::uint64_t v = 0;
    if (random_) {
      v = random_->next() % n;
    } else if (at_ < replay_->size()) {
      v = (*replay_)[at_] % n;
    }
    ++at_;
    if (recorded_ != nullptr) recorded_->push_back(v);
    return v;
  }
  int below(int n) { return static_cast<int>(below(static_cast<std::uint64_t>(n))); }
  bool coin() { return below(2) == 1; }
  // Present with probability percent / 100; choice 0 is absent.
  bool chance(int percent) { return below(100) >= 100 - percent; }
  // Index i with probability weights[i] / sum(weights).
  int weighted(std::initializer_list<int> weights) {
    int total = 0;
    for (int w : weights) total += w;
    int r = below(total);
    int i = 0;
    for (int w : weights) {
      if (r < w) return i;
      r -= w;
      ++i;
    }
    return i - 1;
  }
  // What rc::gen::inRange(lo, hi) draws at `size` (the case's size unless given).
  std::uint64_t in_range(std::uint64_t lo, std::uint64_t hi, int size) {
    if (hi <= lo) throw rc::GenerationFailure("empty range");
    return lo + below(rc::gen::detail::scaleInteger(hi - lo - 1, size) + 1);
  }
  int in_range(int lo, int hi) {
    return static_cast<int>(
        in_range(static_cast<std::uint64_t>(lo), static_cast<std::uint64_t>(hi), size_));
  }

 private:
  std::optional<rc::Random> random_;
  const std::vector<std::uint64_t>* replay_ = nullptr;
  std::vector<std::uint64_t>* recorded_ = nullptr;
  std::size_t at_ = 0;
  int size_;
};

namespace draws_internal {

// Each choice in turn shrunk towards 0.
inline rc::Seq<std::vector<std::uint64_t>> shrink_choices(std::vector<std::uint64_t> choices) {
  const std::size_t n = choices.size();
  return rc::seq::mapcat(rc::seq::range<std::size_t>(0, n), [choices](std::size_t i) {
    return rc::seq::map(rc::shrink::towards<std::uint64_t>(choices[i], 0),
                        [choices, i](std::uint64_t x) {
                          std::vector<std::uint64_t> c = choices;
                          c[i] = x;
                          return c;
                        });
  });
}

// A drawn value: read once when made; its shrinks read again from recorded choices.
template <class T, class Read>
class DrawnShrinkable {
 public:
  DrawnShrinkable(Read read, const rc::Random& random, int size)
      : read_(std::move(read)), random_(random), size_(size) {
    Draws d(random, size);
    value_ = read_(d);
  }
  DrawnShrinkable(Read read, std::vector<std::uint64_t> choices, int size)
      : read_(std::move(read)), choices_(std::move(choices)), size_(size) {
    Draws d(&*choices_, size);
    value_ = read_(d);
  }

  T value() const { return value_; }

  rc::Seq<rc::Shrinkable<T>> shrinks() const {
    std::vector<std::uint64_t> used;
    Draws d = random_ ? Draws(*random_, size_) : Draws(&*choices_, size_);
    d.record_into(&used);
    read_(d);
    // A shrink the value cannot be read from (a draw that retries ran out) is left out.
    return rc::seq::mapcat(shrink_choices(std::move(used)), [read = read_, size = size_](
                                                                std::vector<std::uint64_t> c) {
      try {
        return rc::seq::just(rc::makeShrinkable<DrawnShrinkable>(read, std::move(c), size));
      } catch (const rc::GenerationFailure&) {
        return rc::Seq<rc::Shrinkable<T>>();
      }
    });
  }

 private:
  Read read_;
  std::optional<rc::Random> random_;
  std::optional<std::vector<std::uint64_t>> choices_;
  int size_;
  T value_{};
};

}  // namespace draws_internal

// The generator of what `read(Draws&)` returns.
template <class T, class Read>
rc::Gen<T> gen_drawn(Read read) {
  return rc::Gen<T>([read](const rc::Random& random, int size) {
    return rc::makeShrinkable<draws_internal::DrawnShrinkable<T, Read>>(read, random, size);
  });
}

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_DRAWS_H_
