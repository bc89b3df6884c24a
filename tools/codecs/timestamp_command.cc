// sortkey encode|decode timestamp [--precision P]   (default 3: milliseconds)
// sortkey encode|decode epoch --unit s|ms|us|ns --width N
//
// Encoders read RFC 3339 text with any offset (the epoch encoder also takes a
// plain count of units). Decoders print the instant in one line a person and
// a script can both read:
//
//   timestamp: 2026-06-23T00:00:00.000000000Z seconds=1782172800 nanos=0
//              (RFC 3339 with all nine digits, whatever the key's precision,
//              then the Unix seconds and nanos of the adapter's JSON value)
//   epoch:     1782172800000 2026-06-23T00:00:00.000Z
//              (the count, then the instant at the unit's precision; counts
//              past 9999-12-31 print the count alone)

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "sortkey/epoch.h"
#include "sortkey/timestamp.h"
#include "tools/codec_commands.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

// The default of --precision: milliseconds, as JavaScript's
// Date.prototype.toISOString() writes every instant (and a ULID's time), so
// the keys match the ones most applications already store.
constexpr int kDefaultPrecision = 3;

struct TimestampArgs {
  std::vector<std::string> inputs;
  int precision = kDefaultPrecision;
};

struct EpochArgs {
  std::vector<std::string> inputs;
  std::string unit;
  int width = 0;
};

// The decoded fields of an instant: "time" at the key's precision (the
// ID vocabulary's field, tools/codecs/id_commands.h), "time_ns" with all nine
// digits, and the Unix seconds and nanos of the adapter's JSON value.
nlohmann::json instant_fields(Instant t, int precision) {
  return {{"time", encode_timestamp(t, precision).value_or("(beyond 9999)")},
          {"time_ns", encode_timestamp(t, kMaxPrecision).value_or("(beyond 9999)")},
          {"unix_seconds", t.seconds},
          {"nanos", t.nanos}};
}

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

void add_timestamp(CLI::App& encode, CLI::App& decode, Context& ctx) {
  const std::string summary = "RFC 3339 UTC timestamps with a fixed number of fraction digits";
  const std::string help =
      "fraction digits of the key, 0 to 9; 3 (milliseconds) by default, as JavaScript's "
      "toISOString() writes them; decode with the precision the keys were encoded with";
  auto e = std::make_shared<TimestampArgs>();
  add_converter(
      encode, "timestamp", summary, "encode", &e->inputs,
      [e](std::string_view text) -> Result<std::string> {
        auto t = parse_rfc3339(text);
        if (!t) return t.error();
        return encode_timestamp(*t, e->precision);
      },
      ctx)
      ->add_option("--precision", e->precision, help)
      ->transform(decimal<int>(0, 9, " fraction digits"))
      ->capture_default_str();
  auto d = std::make_shared<TimestampArgs>();
  add_decoder(
      decode, "timestamp", summary, &d->inputs,
      [d](std::string_view key) -> Result<nlohmann::json> {
        auto t = decode_timestamp(key, d->precision);
        if (!t) return t.error();
        return instant_fields(*t, d->precision);
      },
      [](const nlohmann::json& f) {
        return fmt::format("{} seconds={} nanos={}", f["time_ns"].get<std::string>(),
                           f["unix_seconds"].get<std::int64_t>(), f["nanos"].get<std::uint32_t>());
      },
      ctx)
      ->add_option("--precision", d->precision, help)
      ->transform(decimal<int>(0, 9, " fraction digits"))
      ->capture_default_str();
}

void add_epoch(CLI::App& encode, CLI::App& decode, Context& ctx) {
  const std::string summary = "zero-padded epoch counts (seconds, ms, us or ns since 1970)";
  auto e = std::make_shared<EpochArgs>();
  CLI::App* enc = add_converter(
      encode, "epoch", summary, "encode", &e->inputs,
      [e](std::string_view text) -> Result<std::string> {
        auto unit = parse_epoch_unit(e->unit);
        if (!unit) return unit.error();
        if (all_digits(text)) {  // a count of units, as the adapter sends it
          auto count = parse_decimal(text);
          if (!count) return count.error();
          return encode_epoch_count(*count, e->width);
        }
        auto t = parse_rfc3339(text);
        if (!t) return t.error();
        return encode_epoch(*t, *unit, e->width);
      },
      ctx);
  enc->add_option("--unit", e->unit, "s, ms, us or ns")
      ->check(one_of({"s", "ms", "us", "ns"}))
      ->required();
  enc->add_option("--width", e->width, "key width in digits (1 to 38)")
      ->transform(decimal<int>(1, 38))
      ->required();
  auto d = std::make_shared<EpochArgs>();
  // "count" is a JSON string (38 digits are more than a double holds);
  // "time", "unix_seconds" and "nanos" are there for a count up to 9999-12-31.
  CLI::App* dec = add_decoder(
      decode, "epoch", summary, &d->inputs,
      [d](std::string_view key) -> Result<nlohmann::json> {
        auto unit = parse_epoch_unit(d->unit);
        if (!unit) return unit.error();
        auto count = decode_epoch_count(key, d->width);
        if (!count) return count.error();
        nlohmann::json fields = {{"count", to_decimal(*count)}, {"unit", d->unit}};
        auto t = epoch_instant(*count, *unit);
        if (t) {
          if (auto rfc = encode_timestamp(*t, epoch_unit_digits(*unit))) {
            fields["time"] = *rfc;
            fields["unix_seconds"] = t->seconds;
            fields["nanos"] = t->nanos;
          }
        }
        return fields;
      },
      [](const nlohmann::json& f) {
        return f["count"].get<std::string>() +
               (f.contains("time") ? " " + f["time"].get<std::string>() : std::string());
      },
      ctx);
  dec->add_option("--unit", d->unit, "s, ms, us or ns")
      ->check(one_of({"s", "ms", "us", "ns"}))
      ->required();
  dec->add_option("--width", d->width, "key width in digits (1 to 38)")
      ->transform(decimal<int>(1, 38))
      ->required();
}

}  // namespace

void add_timestamp_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  add_timestamp(encode, decode, ctx);
  add_epoch(encode, decode, ctx);
}

}  // namespace sortkey::cli
