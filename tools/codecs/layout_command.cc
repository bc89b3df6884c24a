// sortkey layout key|read --parent TYPE --before TYPE --after TYPE
// sortkey layout device|reading|latest|version
//
// The placement markers of sortkey/layout.h: the keys of an item collection
// (a parent, the children that sort before it and those that sort after it),
// the IoT device with its readings, and version items; and the Query that
// reads a parent with its children. Keys print one per input, as `encode`
// prints them. A read prints the sort-key options of `sortkey query build`
// that ask for it, so that the two compose:
//
//   $ sortkey layout read --parent ORG --before TEAM --after USER --with before MCDONALDS
//   --le ORG#MCDONALDS --no-scan-index-forward
//   $ sortkey query build --partition PK=ORG#MCDONALDS --sort SK $(sortkey layout read ...)
//
// With -o json a read is {"input", "operator", "value", "scan_index_forward",
// "limit" (when there is one)}. Types and ids hold no byte at or below '#',
// so the printed words never need quoting.

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "sortkey/layout.h"
#include "sortkey/padded.h"
#include "tools/codec_commands.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

using nlohmann::json;

struct CollectionArgs {
  std::vector<std::string> inputs;
  std::string parent, before, after;
  std::string role;  // key: parent, before or after; read: before or after
};

struct ReadingArgs {
  std::vector<std::string> inputs;
  std::string order;
  int width = 0;
  int count = 0;
};

// A type option checked when the options are read: empty, or a byte outside
// A-Z, 0-9 and _, is a usage error (exit 2) naming the option.
CLI::Validator type_option() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text.empty()) return "a type is not empty: A-Z, 0-9 and _";
        for (char c : text) {
          if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
            return "a type holds only A-Z, 0-9 and _, got \"" + printable(text) + "\"";
          }
        }
        return {};
      },
      "TYPE", "type");
}

void add_collection_types(CLI::App* sub, CollectionArgs& a) {
  sub->add_option("--parent", a.parent, "the parent's type (ORG): A-Z, 0-9 and _")
      ->check(type_option())
      ->required();
  sub->add_option("--before", a.before, "the type of the children that sort before it (TEAM)")
      ->check(type_option())
      ->required();
  sub->add_option("--after", a.after, "the type of the children that sort after it (USER)")
      ->check(type_option())
      ->required();
}

ReadingOrder order_of(const std::string& name) {
  return name == "newest-first" ? ReadingOrder::kNewestFirst : ReadingOrder::kNewestLast;
}

void add_order(CLI::App* sub, ReadingArgs& a) {
  sub->add_option("--order", a.order,
                  "newest-last (#READING#<padded n>, before the device) or newest-first "
                  "(READING#<inverse n>, after it)")
      ->check(one_of({"newest-last", "newest-first"}))
      ->required();
}

void add_width(CLI::App* sub, int& width) {
  sub->add_option("--width", width, "digits of the number (1 to 38)")
      ->transform(decimal<int>(1, 38))
      ->required();
}

json read_fields(const RangeRead& r) {
  json out = {{"operator", r.op},
              {"value", r.value},
              {"scan_index_forward", r.direction == Direction::kForward}};
  if (r.limit > 0) out["limit"] = r.limit;
  return out;
}

// The `sortkey query build` options of a read.
std::string read_options(const json& r) {
  std::string out = fmt::format(
      "{} {} {}", r.at("operator") == "<=" ? "--le" : "--ge", r.at("value").get<std::string>(),
      r.at("scan_index_forward").get<bool>() ? "--scan-index-forward" : "--no-scan-index-forward");
  if (r.contains("limit")) out += fmt::format(" --limit {}", r.at("limit").get<int>());
  return out;
}

void add_collection(CLI::App& layout, Context& ctx) {
  auto k = std::make_shared<CollectionArgs>();
  CLI::App* key = add_converter(
      layout, "key", "the key of an item of a collection: parent TYPE#id, before #TYPE#id, after",
      "encode", &k->inputs,
      [k](std::string_view id) -> Result<std::string> {
        auto l = make_layout(k->parent, k->before, k->after);
        if (!l) return l.error();
        if (k->role == "before") return l->before_key(id);
        return k->role == "after" ? l->after_key(id) : l->parent_key(id);
      },
      ctx);
  add_collection_types(key, *k);
  key->add_option("--role", k->role, "whose key: parent, before or after")
      ->check(one_of({"parent", "before", "after"}))
      ->required();

  auto r = std::make_shared<CollectionArgs>();
  CLI::App* read = add_describer(
      layout,
      {"read",
       "the Query that returns a parent, then its children of one side: the sort-key options of "
       "query build",
       "parent ids", "build the read of",
       [r](std::string_view parent_id) -> Result<json> {
         auto l = make_layout(r->parent, r->before, r->after);
         if (!l) return l.error();
         auto range =
             r->role == "before" ? l->parent_and_before(parent_id) : l->parent_and_after(parent_id);
         if (!range) return range.error();
         return read_fields(*range);
       },
       read_options},
      &r->inputs, ctx);
  add_collection_types(read, *r);
  read->add_option("--with", r->role, "which children come with the parent: before or after")
      ->check(one_of({"before", "after"}))
      ->required();
}

void add_device(CLI::App& layout, Context& ctx) {
  auto inputs = std::make_shared<std::vector<std::string>>();
  add_converter(
      layout, "device", "the key of a device: DEVICE#id", "encode", inputs.get(),
      [inputs](std::string_view id) { return device_key(id); }, ctx);

  auto g = std::make_shared<ReadingArgs>();
  CLI::App* reading = add_converter(
      layout, "reading",
      "the key of a device's reading n: #READING#<padded n> or READING#<inverse n>", "encode",
      &g->inputs,
      [g](std::string_view text) -> Result<std::string> {
        auto n = parse_decimal(text);
        if (!n) return n.error();
        return reading_key(order_of(g->order), *n, g->width);
      },
      ctx);
  add_order(reading, *g);
  add_width(reading, g->width);

  auto l = std::make_shared<ReadingArgs>();
  CLI::App* latest =
      add_describer(layout,
                    {"latest", "the Query that returns a device and its COUNT newest readings",
                     "device ids", "build the read of",
                     [l](std::string_view id) -> Result<json> {
                       auto range = device_with_latest_readings(order_of(l->order), id, l->count);
                       if (!range) return range.error();
                       return read_fields(*range);
                     },
                     read_options},
                    &l->inputs, ctx);
  add_order(latest, *l);
  latest->add_option("--count", l->count, "how many readings (0 to 1000000)")
      ->transform(decimal<int>(0, 1000000))
      ->required();
}

void add_version(CLI::App& layout, Context& ctx) {
  auto v = std::make_shared<ReadingArgs>();
  CLI::App* version = add_converter(
      layout, "version", "the key of version n: v<padded n>_ (version 0 is the latest copy)",
      "encode", &v->inputs,
      [v](std::string_view text) -> Result<std::string> {
        auto n = parse_decimal(text);
        if (!n) return n.error();
        return version_key(*n, v->width);
      },
      ctx);
  add_width(version, v->width);
}

}  // namespace

void add_layout_command(CLI::App& app, Context& ctx) {
  CLI::App* layout = app.add_subcommand(
      "layout", "placement markers: item collections, devices and readings, versions");
  layout->require_subcommand(1);
  add_collection(*layout, ctx);
  add_device(*layout, ctx);
  add_version(*layout, ctx);
}

}  // namespace sortkey::cli
