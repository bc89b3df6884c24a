// sortkey encode|decode name --case upper|lower|fold

#include <memory>

#include "sortkey/name.h"
#include "tools/codec_commands.h"

namespace sortkey::cli {
namespace {

struct NameArgs {
  std::vector<std::string> inputs;
  std::string mode;
};

void add_case_option(CLI::App* sub, std::string* mode) {
  sub->add_option("--case", *mode,
                  "upper, lower or fold (Unicode case folding: full caseless matching)")
      ->required()
      ->check(CLI::IsMember({"upper", "lower", "fold"}));
}

}  // namespace

void add_name_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  const std::string summary = "case-normalized names: NFC(case(NFD(name))), e.g. DeBrie -> DEBRIE";
  auto e = std::make_shared<NameArgs>();
  add_case_option(add_converter(
                      encode, "name", summary, "encode", &e->inputs,
                      [e](std::string_view name) -> Result<std::string> {
                        auto mode = parse_case_mode(e->mode);
                        if (!mode) return mode.error();
                        return normalize_name(name, *mode);
                      },
                      ctx),
                  &e->mode);
  auto d = std::make_shared<NameArgs>();
  add_case_option(add_decoder(
                      decode, "name", summary + " (checks that the key is canonical)", &d->inputs,
                      [d](std::string_view key) -> Result<nlohmann::json> {
                        auto mode = parse_case_mode(d->mode);
                        if (!mode) return mode.error();
                        auto name = decode_name(key, *mode);
                        if (!name) return name.error();
                        return nlohmann::json{{"value", *name}};
                      },
                      [](const nlohmann::json& f) { return f["value"].get<std::string>(); }, ctx),
                  &d->mode);
}

}  // namespace sortkey::cli
