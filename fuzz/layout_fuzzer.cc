// Target of the placement markers (sortkey/layout.h): item collections whose
// Queries must return a parent with exactly its children, a device with its
// newest readings and the latest version, checked with the property
// functions the RapidCheck suite runs (properties/props/layout_props.h).
// Input, six lines:
//   types       "PARENT BEFORE AFTER", raw bytes separated by spaces:
//               make_layout must accept exactly the valid triples
//   parent id   raw: every key function must refuse it iff it holds a byte at
//               or below '#'; the placement Queries use it with those bytes
//               dropped (an empty id becomes "0")
//   before ids  space-separated, cleaned the same way (at most 8)
//   after ids   space-separated, cleaned the same way (at most 8)
//   readings    decimal numbers (ByteSource::number): width 1..18, count
//               0..12, then up to 16 readings below 10^width
//   versions    decimal numbers: width 1..6, then up to 8 versions below
//               10^width (version 0 is always there)
// e.g. "ORG TEAM USER\nMCDONALDS\nFRY-COOKS GRILL\nALICE BOB\n5 3 157 158 9\n3 1 12 999\n".

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "fuzz/show_text.h"
#include "properties/props/common.h"
#include "properties/props/layout_props.h"
#include "sortkey/uint128.h"

namespace {

// The id with its bytes at or below '#' dropped; never empty.
std::string clean_id(const std::string& raw) {
  std::string out;
  for (char c : raw) {
    if (static_cast<unsigned char>(c) > '#') out += c;
  }
  return out.empty() ? "0" : out;
}

std::vector<std::string> words(const std::string& line, std::size_t max) {
  std::vector<std::string> out;
  std::string word;
  for (char c : line) {
    if (c != ' ') {
      word += c;
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(word);
  if (out.size() > max) out.resize(max);
  return out;
}

std::int64_t power_of_ten(int w) {
  std::int64_t p = 1;
  for (int i = 0; i < w; ++i) p *= 10;
  return p;
}

std::string show_numbers(const std::vector<sortkey::UInt128>& v) {
  std::vector<std::string> out;
  for (sortkey::UInt128 x : v) out.push_back(std::to_string(static_cast<unsigned long long>(x)));
  return fmt::format("[{}]", fmt::join(out, ", "));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("layout_fuzzer");
  fuzz::ByteSource src(data, size);
  const std::vector<std::string> types = words(src.field(256, '\n'), 3);
  const std::string parent_type = types.size() > 0 ? types[0] : "";
  const std::string before_type = types.size() > 1 ? types[1] : "";
  const std::string after_type = types.size() > 2 ? types[2] : "";
  const std::string raw_parent_id = src.field(64, '\n');
  const std::string parent_id = clean_id(raw_parent_id);
  std::vector<std::string> before_ids, after_ids;
  for (const std::string& w : words(src.field(256, '\n'), 8)) before_ids.push_back(clean_id(w));
  for (const std::string& w : words(src.field(256, '\n'), 8)) after_ids.push_back(clean_id(w));

  const std::string reading_line = src.field(512, '\n');
  fuzz::ByteSource r(reading_line);
  const int width = static_cast<int>(r.number(1, 18));
  const int count = static_cast<int>(r.number(0, 12));
  std::vector<UInt128> readings;
  while (!r.empty() && readings.size() < 16)
    readings.push_back(static_cast<UInt128>(r.number(0, power_of_ten(width) - 1)));

  const std::string version_line = src.field(256, '\n');
  fuzz::ByteSource v(version_line);
  const int version_width = static_cast<int>(v.number(1, 6));
  std::vector<UInt128> versions{0};
  while (!v.empty() && versions.size() < 9) {
    versions.push_back(static_cast<UInt128>(v.number(0, power_of_ten(version_width) - 1)));
  }

  // The type check pairs every id with every other: four of them will do.
  std::vector<std::string> all_ids{parent_id};
  for (const auto* ids : {&before_ids, &after_ids}) {
    for (std::size_t i = 0; i < ids->size() && i < 2; ++i) all_ids.push_back((*ids)[i]);
  }
  if (all_ids.size() > 4) all_ids.resize(4);
  auto values = [&] {
    return fmt::format(
        "types {} {} {}, parent id {} (raw {}), before ids {}, after ids {}, readings {} at width "
        "{} count {}, "
        "versions {} at width {}",
        props::show_key(parent_type), props::show_key(before_type), props::show_key(after_type),
        props::show_key(parent_id), props::show_key(raw_parent_id), fuzz::show_segments(before_ids),
        fuzz::show_segments(after_ids), show_numbers(readings), width, count,
        show_numbers(versions), version_width);
  };
  fuzz::show_input(values);
  fuzz::check(props::layout_type_check(parent_type, before_type, after_type, all_ids),
              "layout/type_check", values);
  fuzz::check(props::layout_parent_placement(parent_type, before_type, after_type, parent_id,
                                             before_ids, after_ids),
              "layout/parent_placement", values);
  fuzz::check(props::layout_rejects_low_ids(raw_parent_id), "layout/rejects_low_ids", values);
  fuzz::check(props::layout_device_latest_readings(readings, width, count),
              "layout/device_latest_readings", values);
  fuzz::check(props::layout_versions(versions, version_width), "layout/versions", values);
  return 0;
}
