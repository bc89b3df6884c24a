// sortkey encode|decode ksuid              (raw hex <-> text)
// sortkey ksuid generate [-n N] [--monotonic]
// sortkey ksuid inspect ID...
// sortkey ksuid generate --time TIME --min|--max
// sortkey ksuid build --time UNIX|RFC3339 [--payload HEX]

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <span>

#include "sortkey/ksuid.h"
#include "tools/codec_commands.h"
#include "tools/codecs/id_commands.h"

namespace sortkey::cli {
namespace {

// The parts of a KSUID in the ID vocabulary (id_commands.h);
// ksuid_epoch_seconds is what the reference tool calls its timestamp.
nlohmann::json parts_of(const Ksuid& id) {
  return {{"id", encode_ksuid(id)},
          {"raw", to_hex(id.bytes().data(), id.bytes().size())},
          {"time", ksuid_time_rfc3339(id)},
          {"unix_seconds", id.unix_seconds()},
          {"unix_ms", id.unix_seconds() * 1000},
          {"ksuid_epoch_seconds", id.timestamp()},
          {"payload", to_hex(id.bytes().data() + 4, kKsuidPayloadSize)}};
}

// The reference tool's `-f inspect` layout, with the time in UTC RFC 3339.
std::string ksuid_report(const nlohmann::json& p) {
  return fmt::format(
      "REPRESENTATION:\n\n  String: {}\n     Raw: {}\n\nCOMPONENTS:\n\n       Time: {}\n  Unix "
      "time: {}\n"
      "  Timestamp: {}\n    Payload: {}\n",
      p["id"].get<std::string>(), p["raw"].get<std::string>(), p["time"].get<std::string>(),
      p["unix_seconds"].dump(), p["ksuid_epoch_seconds"].dump(), p["payload"].get<std::string>());
}

struct KsuidInputs {
  std::vector<std::string> values;
};

}  // namespace

void add_ksuid_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  auto e = std::make_shared<KsuidInputs>();
  add_converter(
      encode, "ksuid", "KSUIDs: 20 bytes in hex -> 27 base-62 characters", "encode", &e->values,
      [e](std::string_view hex) -> Result<std::string> {
        (void)e;  // the captured copy keeps the argument vector alive
        auto bytes = parse_hex(hex, kKsuidSize);
        if (!bytes) return bytes.error();
        Ksuid::Bytes b;
        std::copy(bytes->begin(), bytes->end(), b.begin());
        return encode_ksuid(Ksuid(b));
      },
      ctx);
  auto d = std::make_shared<KsuidInputs>();
  add_decoder(
      decode, "ksuid", "KSUIDs: 27 base-62 characters -> 20 bytes in hex (-o json: every part)",
      &d->values,
      [d](std::string_view text) -> Result<nlohmann::json> {
        (void)d;  // the captured copy keeps the argument vector alive
        auto id = decode_ksuid(text);
        if (!id) return id.error();
        return parts_of(*id);
      },
      [](const nlohmann::json& parts) { return parts["raw"].get<std::string>(); }, ctx);
}

void add_ksuid_tool(CLI::App& app, Context& ctx) {
  IdTool tool;
  tool.command = "ksuid";
  tool.name = "KSUID";
  tool.summary = "generate, inspect and build KSUIDs";
  tool.generate_help = "print new KSUIDs, one a line";
  tool.monotonic_help = "strictly increasing, also within a second";
  tool.inspect_help = "show the time and payload of KSUIDs";
  tool.ids_help = "KSUIDs (27 characters)";
  tool.encode_help = "build the KSUID of a time and a payload";
  tool.time_unit = "unix seconds";
  tool.ms_per_unit = 1000;
  tool.time_min = kKsuidMinUnix;
  tool.time_max = kKsuidMaxUnix;
  tool.time_range = " (2014-05-13T16:53:20Z to 2150-06-19T23:21:35Z)";
  tool.random_option = "--payload";
  tool.random_name = "payload";
  tool.random_help = "16 bytes in hex (default: random)";
  tool.random_size = kKsuidPayloadSize;
  tool.own_fields = {"ksuid_epoch_seconds"};
  // The reference tool's names: -f string, -f timestamp.
  tool.field_aliases = {{"string", "id"}, {"timestamp", "ksuid_epoch_seconds"}};
  tool.generator = generator_of<KsuidGenerator>(append_ksuid);
  tool.inspect = [](std::string_view text) -> Result<nlohmann::json> {
    auto id = decode_ksuid(text);
    if (!id) return id.error();
    return parts_of(*id);
  };
  tool.report = ksuid_report;
  tool.encode = [](std::int64_t unix_seconds,
                   std::span<const std::uint8_t> random) -> Result<std::string> {
    Ksuid::Payload payload{};
    std::copy(random.begin(), random.end(), payload.begin());
    auto id = make_ksuid(unix_seconds, payload);
    if (!id) return id.error();
    return encode_ksuid(*id);
  };
  add_id_tool(app, ctx, std::move(tool));
}

}  // namespace sortkey::cli
