#include "properties/gen/integer_gen.h"

#include <vector>

#include "oracles/naive_integer.h"

namespace sortkey::props {

std::ostream& operator<<(std::ostream& os, Big b) { return os << oracle::decimal(b.value); }

rc::Gen<int> gen_width() {
  return rc::gen::weightedOneOf<int>({
      {3, rc::gen::inRange(1, 39)},
      {2, rc::gen::element(1, 2, 5, 10, 19, 20, 38)},
  });
}

namespace {

UInt128 power_of_ten(int k) {
  UInt128 p = 1;
  for (int i = 0; i < k; ++i) p *= 10;
  return p;
}

rc::Gen<Big> boundary_up_to(int digits) {
  return rc::gen::mapcat(rc::gen::inRange(0, digits + 1), [digits](int k) {
    const UInt128 p = power_of_ten(k);
    std::vector<Big> candidates{Big{p - 1}};
    if (k < digits) {
      candidates.push_back(Big{p});
      candidates.push_back(Big{p + 1});
    }
    return rc::gen::elementOf(candidates);
  });
}

rc::Gen<Big> digits_up_to(int digits) {
  return rc::gen::map(rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 10)),
                      [digits](const std::vector<int>& ds) {
                        UInt128 v = 0;
                        for (std::size_t i = 0;
                             i < ds.size() && i < static_cast<std::size_t>(digits); ++i) {
                          v = v * 10 + static_cast<unsigned>(ds[i]);
                        }
                        return Big{v};
                      });
}

}  // namespace

rc::Gen<Big> gen_value_up_to_digits(int digits) {
  return rc::gen::weightedOneOf<Big>({{1, boundary_up_to(digits)}, {2, digits_up_to(digits)}});
}

rc::Gen<Big> gen_value_near_width(int width) {
  const int wider = width < 38 ? width + 1 : 38;
  return rc::gen::weightedOneOf<Big>({
      {6, gen_value_up_to_digits(width)},
      {1, rc::gen::just(Big{power_of_ten(width) - 1})},
      {1, gen_value_up_to_digits(wider)},
  });
}

rc::Gen<Big> gen_any_value() {
  return rc::gen::weightedOneOf<Big>({
      {4, gen_value_up_to_digits(38)},
      {1, rc::gen::just(Big{~UInt128{0}})},
      {1, rc::gen::map(rc::gen::arbitrary<std::uint64_t>(),
                       [](std::uint64_t hi) { return Big{(UInt128{hi} << 64) | hi}; })},
  });
}

}  // namespace sortkey::props
