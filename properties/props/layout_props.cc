#include "properties/props/layout_props.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "oracles/naive_casefold.h"
#include "oracles/naive_collection.h"
#include "oracles/naive_integer.h"
#include "properties/props/common.h"
#include "sortkey/layout.h"
#include "sortkey/unique.h"

namespace sortkey::props {
namespace {

using oracle::NaiveItem;

std::string labels(const std::vector<NaiveItem>& items) {
  std::vector<std::string> out;
  for (const auto& i : items) out.push_back(i.label);
  return fmt::format("[{}]", fmt::join(out, ", "));
}

std::vector<std::string> sorted_unique(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

bool valid_type(const std::string& t) {
  if (t.empty()) return false;
  for (char c : t) {
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

bool low_byte_free(const std::string& id) {
  for (char c : id) {
    if (static_cast<unsigned char>(c) <= '#') return false;
  }
  return !id.empty();
}

std::string join_hash(const std::vector<std::string>& segments) {
  return fmt::format("{}", fmt::join(segments, "#"));
}

// The naive tuple order of (segments..., suffix) when segment counts agree.
int tuple_compare(const std::vector<std::string>& a, const std::string& sa,
                  const std::vector<std::string>& b, const std::string& sb) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  if (sa != sb) return sa < sb ? -1 : 1;
  return 0;
}

}  // namespace

Outcome layout_parent_placement(const std::string& parent_type, const std::string& before_type,
                                const std::string& after_type, const std::string& parent_id,
                                const std::vector<std::string>& before_ids,
                                const std::vector<std::string>& after_ids) {
  auto layout = make_layout(parent_type, before_type, after_type);
  if (!layout) return Outcome::discard("types rejected: " + layout.error().message);
  std::vector<NaiveItem> items{{*layout->parent_key(parent_id), "parent"}};
  const auto befores = sorted_unique(before_ids);
  const auto afters = sorted_unique(after_ids);
  for (const auto& id : befores) items.push_back({*layout->before_key(id), "before " + id});
  for (const auto& id : afters) items.push_back({*layout->after_key(id), "after " + id});

  const RangeRead back = *layout->parent_and_before(parent_id);
  const auto got_before = oracle::naive_read(items, back.op, back.value,
                                             back.direction == Direction::kForward, back.limit);
  std::vector<std::string> want_before{"parent"};
  for (auto it = befores.rbegin(); it != befores.rend(); ++it)
    want_before.push_back("before " + *it);
  std::vector<std::string> got_labels;
  for (const auto& i : got_before) got_labels.push_back(i.label);
  if (got_labels != want_before) {
    return Outcome::fails(fmt::format("SK {} {} backward returned {}, expected [{}]", back.op,
                                      show_key(back.value), labels(got_before),
                                      fmt::join(want_before, ", ")));
  }
  const RangeRead fwd = *layout->parent_and_after(parent_id);
  const auto got_after =
      oracle::naive_read(items, fwd.op, fwd.value, fwd.direction == Direction::kForward, fwd.limit);
  std::vector<std::string> want_after{"parent"};
  for (const auto& id : afters) want_after.push_back("after " + id);
  got_labels.clear();
  for (const auto& i : got_after) got_labels.push_back(i.label);
  if (got_labels != want_after) {
    return Outcome::fails(fmt::format("SK {} {} forward returned {}, expected [{}]", fwd.op,
                                      show_key(fwd.value), labels(got_after),
                                      fmt::join(want_after, ", ")));
  }
  return Outcome::holds();
}

Outcome layout_type_check(const std::string& parent_type, const std::string& before_type,
                          const std::string& after_type, const std::vector<std::string>& ids) {
  const bool want = valid_type(parent_type) && valid_type(before_type) && valid_type(after_type) &&
                    parent_type != before_type && parent_type != after_type &&
                    (after_type + "#") > (parent_type + "#");
  auto layout = make_layout(parent_type, before_type, after_type);
  if (layout.has_value() != want) {
    return Outcome::fails(fmt::format(
        "make_layout({}, {}, {}) {}, expected it to {}", show_key(parent_type),
        show_key(before_type), show_key(after_type),
        layout ? "accepted" : "rejected: " + layout.error().message, want ? "accept" : "reject"));
  }
  if (!layout) return Outcome::holds();
  for (const auto& a : ids) {
    for (const auto& b : ids) {
      const std::string p = *layout->parent_key(a), before = *layout->before_key(b),
                        after = *layout->after_key(b);
      if (!(before < p) || !(p < after)) {
        return Outcome::fails(fmt::format("keys out of place: before {} parent {} after {}",
                                          show_key(before), show_key(p), show_key(after)));
      }
    }
  }
  return Outcome::holds();
}

Outcome layout_device_latest_readings(const std::vector<UInt128>& readings, int width, int count) {
  std::vector<UInt128> distinct = readings;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (UInt128 r : distinct) {
    if (oracle::decimal(r).size() > static_cast<std::size_t>(width))
      return Outcome::discard("reading wider than width");
  }
  std::vector<std::string> want{"device"};
  for (std::size_t i = 0; i < distinct.size() && i < static_cast<std::size_t>(count); ++i) {
    want.push_back("reading " + oracle::decimal(distinct[distinct.size() - 1 - i]));
  }
  for (ReadingOrder order : {ReadingOrder::kNewestLast, ReadingOrder::kNewestFirst}) {
    std::vector<NaiveItem> items{{*device_key("D1"), "device"}};
    for (UInt128 r : distinct) {
      auto key = reading_key(order, r, width);
      if (!key)
        return Outcome::fails(fmt::format("reading_key({}, width {}) failed: {}",
                                          oracle::decimal(r), width, describe(key.error())));
      items.push_back({*key, "reading " + oracle::decimal(r)});
    }
    const RangeRead q = *device_with_latest_readings(order, "D1", count);
    const auto got =
        oracle::naive_read(items, q.op, q.value, q.direction == Direction::kForward, q.limit);
    std::vector<std::string> got_labels;
    for (const auto& i : got) got_labels.push_back(i.label);
    if (got_labels != want) {
      return Outcome::fails(fmt::format(
          "{}: SK {} {} {} limit {} returned {}, expected [{}]",
          order == ReadingOrder::kNewestLast ? "newest-last layout" : "newest-first layout", q.op,
          show_key(q.value), q.direction == Direction::kForward ? "forward" : "backward", q.limit,
          labels(got), fmt::join(want, ", ")));
    }
  }
  return Outcome::holds();
}

Outcome layout_versions(const std::vector<UInt128>& versions, int width) {
  auto latest = version_key(0, width);
  if (!latest) return Outcome::fails("version_key(0) failed: " + describe(latest.error()));
  for (UInt128 a : versions) {
    if (oracle::decimal(a).size() > static_cast<std::size_t>(width))
      return Outcome::discard("version wider than width");
  }
  // Each key and each oracle text once; the pairs below only compare them.
  std::vector<std::string> keys, digits;
  for (UInt128 a : versions) {
    keys.push_back(*version_key(a, width));
    digits.push_back(oracle::decimal(a));
  }
  for (std::size_t i = 0; i < versions.size(); ++i) {
    const UInt128 a = versions[i];
    const std::string& ka = keys[i];
    if (a != 0 && !(*latest < ka))
      return Outcome::fails(fmt::format("version {} key {} does not sort after the latest {}",
                                        oracle::decimal(a), show_key(ka), show_key(*latest)));
    if (a != 0 && ka.rfind(*latest, 0) == 0)
      return Outcome::fails(
          fmt::format("begins_with {} selects version {}", show_key(*latest), oracle::decimal(a)));
    for (std::size_t j = 0; j < versions.size(); ++j) {
      const UInt128 b = versions[j];
      const std::string& kb = keys[j];
      const int want = oracle::compare_digits(digits[i], digits[j]);
      if (key_order(ka, kb) != want) {
        return Outcome::fails(fmt::format("versions {} {} {} but keys {} {} {}", oracle::decimal(a),
                                          order_word(want), oracle::decimal(b), show_key(ka),
                                          order_word(key_order(ka, kb)), show_key(kb)));
      }
    }
  }
  return Outcome::holds();
}

Outcome layout_rejects_low_ids(const std::string& id) {
  auto layout = make_layout("ORG", "TEAM", "USER");
  const bool want = low_byte_free(id);
  const bool parent_ok = layout->parent_key(id).has_value();
  const bool before_ok = layout->before_key(id).has_value();
  const bool after_ok = layout->after_key(id).has_value();
  const bool device_ok = device_key(id).has_value();
  if (parent_ok != want || before_ok != want || after_ok != want || device_ok != want) {
    return Outcome::fails(
        fmt::format("id {}: parent {} before {} after {} device {}, expected all {}", show_key(id),
                    parent_ok, before_ok, after_ok, device_ok, want ? "accepted" : "rejected"));
  }
  return Outcome::holds();
}

Outcome unique_sequence_order(const std::vector<std::string>& key_a, UInt128 seq_a,
                              const std::vector<std::string>& key_b, UInt128 seq_b, int width) {
  if (key_a.size() != key_b.size()) return Outcome::discard("segment counts differ");
  if (oracle::decimal(seq_a).size() > static_cast<std::size_t>(width) ||
      oracle::decimal(seq_b).size() > static_cast<std::size_t>(width)) {
    return Outcome::discard("sequence wider than width");
  }
  auto ua = with_sequence(join_hash(key_a), seq_a, width);
  auto ub = with_sequence(join_hash(key_b), seq_b, width);
  if (!ua || !ub)
    return Outcome::fails(
        fmt::format("with_sequence failed: {}", describe(ua ? ub.error() : ua.error())));
  const std::string pa = oracle::left_pad(oracle::decimal(seq_a), width);
  const std::string pb = oracle::left_pad(oracle::decimal(seq_b), width);
  const int want = tuple_compare(key_a, pa, key_b, pb);
  if (key_order(*ua, *ub) != want) {
    return Outcome::fails(fmt::format(
        "({}, {}) {} ({}, {}) but keys {} {} {}", show_key(join_hash(key_a)),
        oracle::decimal(seq_a), order_word(want), show_key(join_hash(key_b)),
        oracle::decimal(seq_b), show_key(*ua), order_word(key_order(*ua, *ub)), show_key(*ub)));
  }
  auto parts = split_unique(*ua);
  if (!parts || parts->key != join_hash(key_a) || parts->suffix != pa) {
    return Outcome::fails(
        fmt::format("split_unique({}) did not give back the key and {}", show_key(*ua), pa));
  }
  return Outcome::holds();
}

Outcome unique_disambiguator_order(const std::vector<std::string>& key_a,
                                   const std::string& suffix_a,
                                   const std::vector<std::string>& key_b,
                                   const std::string& suffix_b) {
  if (key_a.size() != key_b.size()) return Outcome::discard("segment counts differ");
  auto ua = with_disambiguator(join_hash(key_a), suffix_a);
  auto ub = with_disambiguator(join_hash(key_b), suffix_b);
  // A suffix is taken when no byte is at or below '#' and it is UTF-8 (DynamoDB's Strings are).
  const auto takes = [](const std::string& s) {
    return low_byte_free(s) && oracle::is_valid_utf8(s);
  };
  if (takes(suffix_a) != ua.has_value() || takes(suffix_b) != ub.has_value()) {
    return Outcome::fails(
        fmt::format("with_disambiguator accepted or refused the wrong suffix: {} {}, {} {}",
                    show_key(suffix_a), ua.has_value(), show_key(suffix_b), ub.has_value()));
  }
  if (!ua || !ub) return Outcome::holds();
  const int want = tuple_compare(key_a, suffix_a, key_b, suffix_b);
  if (key_order(*ua, *ub) != want) {
    return Outcome::fails(fmt::format(
        "({}, {}) {} ({}, {}) but keys {} {} {}", show_key(join_hash(key_a)), show_key(suffix_a),
        order_word(want), show_key(join_hash(key_b)), show_key(suffix_b), show_key(*ua),
        order_word(key_order(*ua, *ub)), show_key(*ub)));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
