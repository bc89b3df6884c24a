// sortkey encode|decode ulid [--any-case]  (raw hex <-> text)
// sortkey ulid generate [-n N] [--monotonic]
// sortkey ulid inspect ID...
// sortkey ulid generate --time TIME --min|--max
// sortkey ulid build --time UNIX_MS|RFC3339 [--payload HEX]

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <span>

#include "sortkey/ulid.h"
#include "tools/codec_commands.h"
#include "tools/codecs/id_commands.h"

namespace sortkey::cli {
namespace {

// The parts of a ULID in the ID vocabulary (id_commands.h): "payload" is
// its randomness, "canonical" false for an input not upper case.
nlohmann::json parts_of(const Ulid& id, std::string_view input) {
  const std::string text = encode_ulid(id);
  const std::int64_t ms = id.unix_ms();
  return {{"id", text},
          {"raw", to_hex(id.bytes().data(), id.bytes().size())},
          {"time", ulid_time_rfc3339(id)},
          {"unix_seconds", ms / 1000},
          {"unix_ms", ms},
          {"payload", to_hex(id.bytes().data() + 6, kUlidEntropySize)},
          {"canonical", input == text}};
}

std::string ulid_report(const nlohmann::json& p) {
  std::string out = fmt::format(
      "REPRESENTATION:\n\n  String: {}\n     Raw: {}\n\nCOMPONENTS:\n\n       Time: {}\n    Unix "
      "ms: {}\n"
      "    Entropy: {}\n",
      p["id"].get<std::string>(), p["raw"].get<std::string>(), p["time"].get<std::string>(),
      p["unix_ms"].dump(), p["payload"].get<std::string>());
  if (!p["canonical"].get<bool>()) {
    out +=
        "\nNOTE: the input is not upper case; in a sort key write the String above, since "
        "mixed case breaks byte order.\n";
  }
  return out;
}

struct UlidInputs {
  std::vector<std::string> values;
  bool any_case = false;
};

}  // namespace

void add_ulid_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  auto e = std::make_shared<UlidInputs>();
  add_converter(
      encode, "ulid", "ULIDs: 16 bytes in hex -> 26 Crockford base-32 characters", "encode",
      &e->values,
      [e](std::string_view hex) -> Result<std::string> {
        (void)e;  // the captured copy keeps the argument vector alive
        auto bytes = parse_hex(hex, kUlidSize);
        if (!bytes) return bytes.error();
        Ulid::Bytes b;
        std::copy(bytes->begin(), bytes->end(), b.begin());
        return encode_ulid(Ulid(b));
      },
      ctx);
  auto d = std::make_shared<UlidInputs>();
  add_decoder(
      decode, "ulid",
      "ULIDs: 26 upper-case Crockford base-32 characters -> 16 bytes in hex (-o json: every part)",
      &d->values,
      [d](std::string_view text) -> Result<nlohmann::json> {
        auto id = d->any_case ? decode_ulid(text) : decode_ulid_key(text);
        if (!id) return id.error();
        return parts_of(*id, text);
      },
      [](const nlohmann::json& parts) { return parts["raw"].get<std::string>(); }, ctx)
      ->add_flag("--any-case", d->any_case,
                 "accept lower case, as the ULID spec does (sort keys are upper case)");
}

void add_ulid_tool(CLI::App& app, Context& ctx) {
  IdTool tool;
  tool.command = "ulid";
  tool.name = "ULID";
  tool.summary = "generate, inspect and build ULIDs";
  tool.generate_help = "print new ULIDs, one a line";
  tool.monotonic_help =
      "strictly increasing, also within a millisecond (the spec's monotonic mode)";
  tool.inspect_help = "show the time and entropy of ULIDs (any case)";
  tool.ids_help = "ULIDs (26 characters)";
  tool.encode_help = "build the ULID of a time and an entropy";
  tool.time_unit = "unix milliseconds";
  tool.ms_per_unit = 1;
  tool.time_min = 0;
  tool.time_max = kUlidMaxTime;
  tool.time_range = " (1970-01-01T00:00:00.000Z to +10889-08-02T05:31:50.655Z)";
  tool.random_option = "--payload,--entropy";
  tool.random_name = "entropy";
  tool.random_help = "10 bytes in hex (default: random)";
  tool.random_size = kUlidEntropySize;
  tool.field_aliases = {{"string", "id"}};
  tool.own_fields = {"canonical"};
  tool.generator = generator_of<UlidGenerator>(append_ulid);
  tool.inspect = [](std::string_view text) -> Result<nlohmann::json> {
    auto id = decode_ulid(text);
    if (!id) return id.error();
    return parts_of(*id, text);
  };
  tool.report = ulid_report;
  tool.encode = [](std::int64_t unix_ms,
                   std::span<const std::uint8_t> random) -> Result<std::string> {
    Ulid::Entropy entropy{};
    std::copy(random.begin(), random.end(), entropy.begin());
    auto id = make_ulid(unix_ms, entropy);
    if (!id) return id.error();
    return encode_ulid(*id);
  };
  add_id_tool(app, ctx, std::move(tool));
}

}  // namespace sortkey::cli
