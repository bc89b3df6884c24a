#include "codec_commands.h"

#include <fmt/format.h>

#include <memory>

namespace sortkey::cli {

void convert_each(const std::vector<std::string>& inputs, std::string_view what,
                  const Convert& convert, Context& ctx) {
  for (const std::string& input : inputs) {
    auto result = convert(input);
    if (result) {
      fmt::print("{}\n", *result);
      continue;
    }
    // An empty line holds the place of the rejected input: the output lines
    // up with the input, one line each.
    fmt::print("\n");
    ctx.exit_code = 1;
    const Error& e = result.error();
    fmt::print(stderr, "sortkey: cannot {} \"{}\": {}\n", what, input, describe(e));
    if (e.offset <= input.size() && input.size() <= 80) {
      fmt::print(stderr, "  {}\n  {}^\n", input, std::string(e.offset, ' '));
    }
  }
  std::fflush(stdout);
}

CLI::App* add_converter(CLI::App& parent, const std::string& name, const std::string& summary,
                        const std::string& what, std::vector<std::string>* inputs, Convert convert,
                        Context& ctx) {
  CLI::App* sub = parent.add_subcommand(name, summary);
  sub->add_option("inputs", *inputs, what == "encode" ? "values to encode" : "keys to decode")
      ->required();
  auto shared = std::make_shared<Convert>(std::move(convert));
  sub->callback([inputs, shared, what, name, &ctx] {
    convert_each(*inputs, what + " as " + name, *shared, ctx);
  });
  return sub;
}

void add_codec_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  add_padded_commands(encode, decode, ctx);
  add_name_commands(encode, decode, ctx);
  add_composite_commands(encode, decode, ctx);
  add_ksuid_commands(encode, decode, ctx);
  add_ulid_commands(encode, decode, ctx);
  add_timestamp_commands(encode, decode, ctx);
  add_number_commands(encode, decode, ctx);
}

}  // namespace sortkey::cli
