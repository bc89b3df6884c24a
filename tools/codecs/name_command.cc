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
  add_case_option(
      add_converter(
          decode, "name", summary + " (checks that the key is canonical)", "decode", &d->inputs,
          [d](std::string_view key) -> Result<std::string> {
            auto mode = parse_case_mode(d->mode);
            if (!mode) return mode.error();
            return decode_name(key, *mode);
          },
          ctx),
      &d->mode);
}

}  // namespace sortkey::cli
