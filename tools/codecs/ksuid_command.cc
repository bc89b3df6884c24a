// sortkey encode|decode ksuid              (raw hex <-> text)
// sortkey ksuid generate [-n N] [--monotonic]
// sortkey ksuid inspect ID...
// sortkey ksuid encode --time UNIX [--payload HEX]

#include <fmt/format.h>

#include <memory>

#include "codec_commands.h"
#include "codecs/id_commands.h"
#include "sortkey/ksuid.h"

namespace sortkey::cli {
namespace {

// The reference tool's `-f inspect` layout, with the time in UTC RFC 3339.
std::string inspect(const Ksuid& id) {
  return fmt::format(
      "REPRESENTATION:\n\n  String: {}\n     Raw: {}\n\nCOMPONENTS:\n\n       Time: {}\n  Unix time: {}\n"
      "  Timestamp: {}\n    Payload: {}\n",
      encode_ksuid(id), to_hex(id.bytes().data(), id.bytes().size()), ksuid_time_rfc3339(id),
      id.unix_seconds(), id.timestamp(), to_hex(id.bytes().data() + 4, kKsuidPayloadSize));
}

struct Inputs {
  std::vector<std::string> values;
};

struct GenerateArgs {
  long long count = 1;
  bool monotonic = false;
};

struct EncodeArgs {
  std::int64_t unix_seconds = 0;
  std::string payload;
};

}  // namespace

void add_ksuid_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  auto e = std::make_shared<Inputs>();
  add_converter(encode, "ksuid", "KSUIDs: 20 bytes in hex -> 27 base-62 characters", "encode",
                &e->values,
                [e](std::string_view hex) -> Result<std::string> {
                  (void)e;  // the captured copy keeps the argument vector alive
                  auto bytes = parse_hex(hex, kKsuidSize);
                  if (!bytes) return bytes.error();
                  Ksuid::Bytes b;
                  std::copy(bytes->begin(), bytes->end(), b.begin());
                  return encode_ksuid(Ksuid(b));
                },
                ctx);
  auto d = std::make_shared<Inputs>();
  add_converter(decode, "ksuid", "KSUIDs: 27 base-62 characters -> 20 bytes in hex", "decode",
                &d->values,
                [d](std::string_view text) -> Result<std::string> {
                  (void)d;  // the captured copy keeps the argument vector alive
                  auto id = decode_ksuid(text);
                  if (!id) return id.error();
                  return to_hex(id->bytes().data(), id->bytes().size());
                },
                ctx);
}

void add_ksuid_tool(CLI::App& app, Context& ctx) {
  CLI::App* ksuid = app.add_subcommand("ksuid", "generate, inspect and build KSUIDs");
  ksuid->require_subcommand(1);

  auto g = std::make_shared<GenerateArgs>();
  CLI::App* generate = ksuid->add_subcommand("generate", "print new KSUIDs, one a line");
  generate->add_option("-n,--count", g->count, "how many")->check(CLI::Range(1LL, 100000000LL))->capture_default_str();
  generate->add_flag("--monotonic", g->monotonic, "strictly increasing, also within a second");
  generate->callback([g, &ctx] {
    KsuidGenerator::Options options;
    options.monotonic = g->monotonic;
    KsuidGenerator generator(options);
    std::string out;
    for (long long i = 0; i < g->count; ++i) {
      auto id = generator.next();
      if (!id) {
        fmt::print("{}", out);
        fmt::print(stderr, "sortkey: cannot generate a KSUID: {}\n", describe(id.error()));
        ctx.exit_code = 1;
        return;
      }
      append_ksuid(out, *id);
      out += '\n';
      if (out.size() >= 1 << 16) {
        fmt::print("{}", out);
        out.clear();
      }
    }
    fmt::print("{}", out);
    std::fflush(stdout);
  });

  auto in = std::make_shared<Inputs>();
  CLI::App* inspect_cmd = ksuid->add_subcommand("inspect", "show the time and payload of KSUIDs");
  inspect_cmd->add_option("ids", in->values, "KSUIDs (27 characters)")->required();
  inspect_cmd->callback([in, &ctx] {
    convert_each(in->values, "inspect as a KSUID", [](std::string_view text) -> Result<std::string> {
      auto id = decode_ksuid(text);
      if (!id) return id.error();
      return inspect(*id);
    }, ctx);
  });

  auto p = std::make_shared<EncodeArgs>();
  CLI::App* encode = ksuid->add_subcommand("encode", "build the KSUID of a time and a payload");
  encode->add_option("--time", p->unix_seconds, "unix time in seconds, 1400000000 to 5694967295")->required();
  encode->add_option("--payload", p->payload, "16 bytes in hex (default: random)");
  encode->callback([p, &ctx] {
    Ksuid::Payload payload{};
    if (p->payload.empty()) {
      if (auto ok = os_random_bytes(payload); !ok) {
        fmt::print(stderr, "sortkey: cannot encode a KSUID: {}\n", describe(ok.error()));
        ctx.exit_code = 1;
        return;
      }
    } else {
      auto bytes = parse_hex(p->payload, kKsuidPayloadSize);
      if (!bytes) {
        fmt::print(stderr, "sortkey: cannot encode a KSUID: the payload: {}\n", describe(bytes.error()));
        ctx.exit_code = 1;
        return;
      }
      std::copy(bytes->begin(), bytes->end(), payload.begin());
    }
    auto id = make_ksuid(p->unix_seconds, payload);
    if (!id) {
      fmt::print(stderr, "sortkey: cannot encode a KSUID: {}\n", describe(id.error()));
      ctx.exit_code = 1;
      return;
    }
    fmt::print("{}\n", encode_ksuid(*id));
  });
}

}  // namespace sortkey::cli
