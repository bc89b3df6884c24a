// The placement-marker (layout) and uniqueness (unique) entries in the
// property catalog.

#include "properties/catalog.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/integer_gen.h"
#include "properties/props/layout_props.h"

namespace sortkey::props {
namespace {

// Ids above '#': the bytes just above it ('$', '%'), digits, letters of both
// cases, '_' and '~', and a UTF-8 letter.
rc::Gen<std::string> gen_id() {
  auto piece = rc::gen::element<std::string>("$", "%", "0", "1", "9", "A", "B", "Z", "_", "a", "b",
                                             "z", "~", "\xC3\xA9");
  return rc::gen::map(
      rc::gen::resize(6, rc::gen::nonEmpty(rc::gen::container<std::vector<std::string>>(piece))),
      [](const std::vector<std::string>& parts) {
        std::string s;
        for (const auto& p : parts) s += p;
        return s;
      });
}

rc::Gen<std::string> gen_type() {
  return rc::gen::weightedOneOf<std::string>({
      {3, rc::gen::element<std::string>("ORG", "TEAM", "USER", "OR", "ORGA", "DEVICE", "A", "Z",
                                        "_X", "USER2")},
      {1, rc::gen::container<std::string>(
              rc::gen::element('A', 'O', 'R', 'G', 'Z', '0', '_', '#', 'a', ' '))},
  });
}

rc::Gen<std::vector<std::string>> gen_segments(int count) {
  return rc::gen::container<std::vector<std::string>>(static_cast<std::size_t>(count), gen_id());
}

void add_layout_design_properties(Catalog& c) {
  c.add("layout", "parent_placement",
        "SK <= parent backward returns the parent then its before-children; SK >= parent forward, "
        "the parent then "
        "its after-children",
        [] {
          const auto parent = *rc::gen::element<std::string>("ORG", "DEVICE", "M");
          const auto before = *rc::gen::element<std::string>("TEAM", "A", "ZZ");
          const auto after = *rc::gen::element<std::string>("USER", "ORGX", "Z", "N");
          const auto ids_before =
              *rc::gen::resize(8, rc::gen::container<std::vector<std::string>>(gen_id()));
          const auto ids_after =
              *rc::gen::resize(8, rc::gen::container<std::vector<std::string>>(gen_id()));
          RC_CLASSIFY(ids_before.empty() || ids_after.empty(), "a side is empty");
          rc_require(
              layout_parent_placement(parent, before, after, *gen_id(), ids_before, ids_after));
        });
  c.add("layout", "type_check",
        "make_layout accepts exactly the types for which every after-key sorts above every parent "
        "key",
        [] {
          const auto parent = *gen_type();
          const auto before = *gen_type();
          const auto after = *gen_type();
          const auto ids = *rc::gen::resize(
              4, rc::gen::nonEmpty(rc::gen::container<std::vector<std::string>>(gen_id())));
          rc_require(layout_type_check(parent, before, after, ids));
        });
  c.add("layout", "device_latest_readings",
        "the Device Query returns the Device then its count highest readings, highest first, in "
        "both layouts",
        [] {
          const int width = *rc::gen::inRange(1, 8);
          std::vector<UInt128> readings;
          for (const Big& b : *rc::gen::resize(
                   30, rc::gen::container<std::vector<Big>>(gen_value_up_to_digits(width)))) {
            readings.push_back(b.value);
          }
          const int count = *rc::gen::inRange(0, 12);
          RC_CLASSIFY(readings.size() > static_cast<std::size_t>(count),
                      "more readings than count");
          rc_require(layout_device_latest_readings(readings, width, count));
        });
  c.add("layout", "versions",
        "v0 sorts first and alone under begins_with; versions sort numerically", [] {
          const int width = *rc::gen::inRange(1, 6);
          std::vector<UInt128> versions{0};
          for (const Big& b : *rc::gen::resize(
                   10, rc::gen::container<std::vector<Big>>(gen_value_up_to_digits(width)))) {
            versions.push_back(b.value);
          }
          rc_require(layout_versions(versions, width));
        });
  c.add("layout", "rejects_low_ids",
        "every key function rejects an id holding a byte at or below '#'", [] {
          const std::string id =
              *rc::gen::weightedOneOf<std::string>({{2, gen_id()}, {1, gen_bytes()}});
          rc_require(layout_rejects_low_ids(id));
        });
}

void add_unique_properties(Catalog& c) {
  c.add(
      "unique", "sequence_order",
      "with_sequence keys sort as (key, n) for keys of one segment count; split_unique inverts it",
      [] {
        const int segments = *rc::gen::inRange(1, 4);
        const int width = *rc::gen::inRange(1, 6);
        const auto a = *gen_segments(segments);
        const auto b = *rc::gen::weightedOneOf<std::vector<std::string>>(
            {{1, gen_segments(segments)}, {1, rc::gen::just(a)}});
        const Big sa = *gen_value_up_to_digits(width);
        const Big sb = *gen_value_up_to_digits(width);
        RC_CLASSIFY(a == b, "same key");
        rc_require(unique_sequence_order(a, sa.value, b, sb.value, width));
      });
  c.add("unique", "disambiguator_order",
        "with_disambiguator keys sort as (key, suffix), and suffixes at or below '#' or not UTF-8 "
        "are refused",
        [] {
          const int segments = *rc::gen::inRange(1, 4);
          const auto a = *gen_segments(segments);
          const auto b = *rc::gen::weightedOneOf<std::vector<std::string>>(
              {{1, gen_segments(segments)}, {1, rc::gen::just(a)}});
          // Mostly valid suffixes; some with a '#' or another low byte inside.
          const auto sa = *rc::gen::weightedOneOf<std::string>({
              {4, gen_id()},
              {1, rc::gen::apply([](const std::string& x, char low,
                                    const std::string& y) { return x + low + y; },
                                 gen_id(), rc::gen::element('#', '"', ' ', '\0'), gen_id())},
              {1, gen_bytes()},
          });
          const auto sb = *gen_id();
          RC_CLASSIFY(a == b, "same key");
          rc_require(unique_disambiguator_order(a, sa, b, sb));
        });
}

}  // namespace

void add_layout_properties(Catalog& c) {
  add_layout_design_properties(c);
  add_unique_properties(c);
}

}  // namespace sortkey::props
