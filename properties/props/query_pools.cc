#include "properties/props/query_pools.h"

namespace sortkey::props {

const std::vector<std::string>& query_string_keys() {
  static const std::vector<std::string> keys = {
      "a", "a#",           std::string("a\0", 2), "ab",          "b",
      "A", "\xEF\xBD\x9E", "\xF0\x9F\x98\x80",    "\xEE\x80\x80"};
  return keys;
}

const std::vector<std::string>& query_string_atoms() {
  static const std::vector<std::string> atoms = {std::string(1, '\0'),
                                                 "\x01",
                                                 "#",
                                                 "A",
                                                 "a",
                                                 "b",
                                                 "\xC3\xA9",
                                                 "\xDF\xBF",
                                                 "\xEE\x80\x80",
                                                 "\xEF\xBD\x9E",
                                                 "\xEF\xBF\xBF",
                                                 "\xF0\x9F\x98\x80",
                                                 "\xF4\x8F\xBF\xBF"};
  return atoms;
}

const std::vector<std::string>& query_byte_atoms() {
  static const std::vector<std::string> atoms = {
      std::string(1, '\0'), "\x01", "\x7f", "\x80", "\xfe", "\xff"};
  return atoms;
}

const std::vector<std::string>& query_canonical_numbers() {
  static const std::vector<std::string> pool = {"0",
                                                "1",
                                                "-1",
                                                "10",
                                                "2.5",
                                                "-0.001",
                                                "100",
                                                "1e-130",
                                                "-1e-130",
                                                "9.9999999999999999999999999999999999999e125",
                                                "-9.9999999999999999999999999999999999999e125",
                                                "12345678901234567890123456789012345678",
                                                "1.0000000000000000000000000000000000001"};
  return pool;
}

const std::vector<std::string>& query_number_spellings() {
  static const std::vector<std::string> pool = [] {
    std::vector<std::string> out = query_canonical_numbers();
    for (const char* other : {"1e0", "+1", "1.0", "1e2", "-0", "0.0", ".5", "5e-1", "0001", "-1E-3",
                              "10e-1", "25e-1", "3"}) {
      out.emplace_back(other);
    }
    return out;
  }();
  return pool;
}

}  // namespace sortkey::props
