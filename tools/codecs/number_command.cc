// sortkey encode|decode number

#include <memory>

#include "sortkey/number.h"
#include "tools/codec_commands.h"

namespace sortkey::cli {

void add_number_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  const std::string summary =
      "DynamoDB Numbers (1e2, -0.5, 9.99E+125) as printable keys in numeric order; decode prints "
      "DynamoDB's canonical text";
  auto e = std::make_shared<std::vector<std::string>>();
  add_converter(
      encode, "number", summary, "encode", e.get(),
      [e](std::string_view text) -> Result<std::string> { return encode_number(text); }, ctx);
  auto d = std::make_shared<std::vector<std::string>>();
  // The value is DynamoDB's text of the Number, a JSON string as DynamoDB's
  // own JSON writes an N: 38 digits are more than a double holds.
  add_decoder(
      decode, "number", summary, d.get(),
      [d](std::string_view key) -> Result<nlohmann::json> {
        auto n = decode_number(key);
        if (!n) return n.error();
        return nlohmann::json{{"value", to_string(*n)}};
      },
      [](const nlohmann::json& f) { return f["value"].get<std::string>(); }, ctx);
}

}  // namespace sortkey::cli
