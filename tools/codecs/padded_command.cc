// sortkey encode|decode padded|inverse --width N

#include <memory>

#include "sortkey/inverse.h"
#include "sortkey/padded.h"
#include "tools/codec_commands.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

struct IntegerArgs {
  std::vector<std::string> inputs;
  int width = 0;
};

// Encoders of the two integer codecs share their shape: parse the decimal
// value, then encode it at the width.
void add_integer_codec(CLI::App& encode, CLI::App& decode, Context& ctx, const std::string& name,
                       const std::string& summary, Result<std::string> (*enc)(UInt128, int),
                       Result<UInt128> (*dec)(std::string_view, int)) {
  auto e = std::make_shared<IntegerArgs>();
  add_converter(
      encode, name, summary, "encode", &e->inputs,
      [e, enc](std::string_view text) -> Result<std::string> {
        auto value = parse_decimal(text);
        if (!value) return value.error();
        return enc(*value, e->width);
      },
      ctx)
      ->add_option("--width", e->width, "key width in digits (1 to 38)")
      ->transform(decimal<int>(1, 38))
      ->required();
  auto d = std::make_shared<IntegerArgs>();
  // The value is a JSON string: 38 digits are more than a double (or most
  // JSON readers) holds exactly.
  add_decoder(
      decode, name, summary, &d->inputs,
      [d, dec](std::string_view key) -> Result<nlohmann::json> {
        auto value = dec(key, d->width);
        if (!value) return value.error();
        return nlohmann::json{{"value", to_decimal(*value)}};
      },
      [](const nlohmann::json& f) { return f["value"].get<std::string>(); }, ctx)
      ->add_option("--width", d->width, "key width in digits (1 to 38)")
      ->transform(decimal<int>(1, 38))
      ->required();
}

}  // namespace

void add_padded_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  add_integer_codec(encode, decode, ctx, "padded", "zero-padded integers (READING#00157)",
                    encode_padded, decode_padded);
  add_integer_codec(encode, decode, ctx, "inverse",
                    "inverse-difference integers: 10^width - 1 - n, newest first", encode_inverse,
                    decode_inverse);
}

}  // namespace sortkey::cli
