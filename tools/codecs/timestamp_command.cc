// sortkey encode|decode timestamp --precision P
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

#include "sortkey/epoch.h"
#include "sortkey/timestamp.h"
#include "tools/codec_commands.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

struct TimestampArgs {
  std::vector<std::string> inputs;
  int precision = 0;
};

struct EpochArgs {
  std::vector<std::string> inputs;
  std::string unit;
  int width = 0;
};

std::string describe_instant(Instant t) {
  return fmt::format("{} seconds={} nanos={}",
                     encode_timestamp(t, kMaxPrecision).value_or("(beyond 9999)"), t.seconds,
                     t.nanos);
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
  const std::string help = "fraction digits of the key (0 to 9)";
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
      ->required();
  auto d = std::make_shared<TimestampArgs>();
  add_converter(
      decode, "timestamp", summary, "decode", &d->inputs,
      [d](std::string_view key) -> Result<std::string> {
        auto t = decode_timestamp(key, d->precision);
        if (!t) return t.error();
        return describe_instant(*t);
      },
      ctx)
      ->add_option("--precision", d->precision, help)
      ->transform(decimal<int>(0, 9, " fraction digits"))
      ->required();
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
  CLI::App* dec = add_converter(
      decode, "epoch", summary, "decode", &d->inputs,
      [d](std::string_view key) -> Result<std::string> {
        auto unit = parse_epoch_unit(d->unit);
        if (!unit) return unit.error();
        auto count = decode_epoch_count(key, d->width);
        if (!count) return count.error();
        auto t = epoch_instant(*count, *unit);
        std::string text = to_decimal(*count);
        if (t) {
          if (auto rfc = encode_timestamp(*t, epoch_unit_digits(*unit))) text += " " + *rfc;
        }
        return text;
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
