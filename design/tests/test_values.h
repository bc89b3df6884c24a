// File: design/tests/test_values.h (test-only)
//
// Values of an entity's attributes, written short in the design tests:
// text_value("ACME"), number_value(7).

#ifndef SORTKEY_DESIGN_TESTS_TEST_VALUES_H_
#define SORTKEY_DESIGN_TESTS_TEST_VALUES_H_

#include <cstdint>
#include <string>
#include <utility>

#include "design/design.h"

namespace sortkey::design::testing {

inline Value text_value(std::string s) {
  Value v;
  v.text = std::move(s);
  return v;
}

inline Value number_value(std::int64_t n) {
  Value v;
  v.type = AttrType::kInteger;
  v.integer = n;
  return v;
}

}  // namespace sortkey::design::testing

#endif  // SORTKEY_DESIGN_TESTS_TEST_VALUES_H_
