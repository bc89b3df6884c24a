// sortkey encode|decode ulid [--any-case]  (raw hex <-> text)
// sortkey ulid generate [-n N] [--monotonic]
// sortkey ulid inspect ID...
// sortkey ulid encode --time UNIX_MS [--payload HEX]

#include <fmt/format.h>

#include <memory>

#include "codec_commands.h"
#include "codecs/id_commands.h"
#include "sortkey/ulid.h"

namespace sortkey::cli {
namespace {

std::string inspect(const Ulid& id, std::string_view input) {
  const std::string text = encode_ulid(id);
  std::string out = fmt::format(
      "REPRESENTATION:\n\n  String: {}\n     Raw: {}\n\nCOMPONENTS:\n\n       Time: {}\n    Unix ms: {}\n"
      "    Entropy: {}\n",
      text, to_hex(id.bytes().data(), id.bytes().size()), ulid_time_rfc3339(id), id.unix_ms(),
      to_hex(id.bytes().data() + 6, kUlidEntropySize));
  if (input != text) {
    out += "\nNOTE: the input is not upper case; in a sort key write the String above, since "
           "mixed case breaks byte order.\n";
  }
  return out;
}

struct Inputs {
  std::vector<std::string> values;
  bool any_case = false;
};

struct GenerateArgs {
  long long count = 1;
  bool monotonic = false;
};

struct EncodeArgs {
  std::int64_t unix_ms = 0;
  std::string payload;
};

}  // namespace

void add_ulid_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  auto e = std::make_shared<Inputs>();
  add_converter(encode, "ulid", "ULIDs: 16 bytes in hex -> 26 Crockford base-32 characters",
                "encode", &e->values,
                [e](std::string_view hex) -> Result<std::string> {
                  (void)e;  // the captured copy keeps the argument vector alive
                  auto bytes = parse_hex(hex, kUlidSize);
                  if (!bytes) return bytes.error();
                  Ulid::Bytes b;
                  std::copy(bytes->begin(), bytes->end(), b.begin());
                  return encode_ulid(Ulid(b));
                },
                ctx);
  auto d = std::make_shared<Inputs>();
  add_converter(decode, "ulid", "ULIDs: 26 upper-case Crockford base-32 characters -> 16 bytes in hex",
                "decode", &d->values,
                [d](std::string_view text) -> Result<std::string> {
                  auto id = d->any_case ? decode_ulid(text) : decode_ulid_key(text);
                  if (!id) return id.error();
                  return to_hex(id->bytes().data(), id->bytes().size());
                },
                ctx)
      ->add_flag("--any-case", d->any_case, "accept lower case, as the ULID spec does (sort keys are upper case)");
}

void add_ulid_tool(CLI::App& app, Context& ctx) {
  CLI::App* ulid = app.add_subcommand("ulid", "generate, inspect and build ULIDs");
  ulid->require_subcommand(1);

  auto g = std::make_shared<GenerateArgs>();
  CLI::App* generate = ulid->add_subcommand("generate", "print new ULIDs, one a line");
  generate->add_option("-n,--count", g->count, "how many")->check(CLI::Range(1LL, 100000000LL))->capture_default_str();
  generate->add_flag("--monotonic", g->monotonic, "strictly increasing, also within a millisecond (the spec's monotonic mode)");
  generate->callback([g, &ctx] {
    UlidGenerator::Options options;
    options.monotonic = g->monotonic;
    UlidGenerator generator(options);
    std::string out;
    for (long long i = 0; i < g->count; ++i) {
      auto id = generator.next();
      if (!id) {
        fmt::print("{}", out);
        fmt::print(stderr, "sortkey: cannot generate a ULID: {}\n", describe(id.error()));
        ctx.exit_code = 1;
        return;
      }
      append_ulid(out, *id);
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
  CLI::App* inspect_cmd = ulid->add_subcommand("inspect", "show the time and entropy of ULIDs (any case)");
  inspect_cmd->add_option("ids", in->values, "ULIDs (26 characters)")->required();
  inspect_cmd->callback([in, &ctx] {
    convert_each(in->values, "inspect as a ULID", [](std::string_view text) -> Result<std::string> {
      auto id = decode_ulid(text);
      if (!id) return id.error();
      return inspect(*id, text);
    }, ctx);
  });

  auto p = std::make_shared<EncodeArgs>();
  CLI::App* encode = ulid->add_subcommand("encode", "build the ULID of a time and an entropy");
  encode->add_option("--time", p->unix_ms, "unix time in milliseconds, 0 to 281474976710655")->required();
  encode->add_option("--payload,--entropy", p->payload, "10 bytes in hex (default: random)");
  encode->callback([p, &ctx] {
    Ulid::Entropy entropy{};
    if (p->payload.empty()) {
      if (auto ok = os_random_bytes(entropy); !ok) {
        fmt::print(stderr, "sortkey: cannot encode a ULID: {}\n", describe(ok.error()));
        ctx.exit_code = 1;
        return;
      }
    } else {
      auto bytes = parse_hex(p->payload, kUlidEntropySize);
      if (!bytes) {
        fmt::print(stderr, "sortkey: cannot encode a ULID: the entropy: {}\n", describe(bytes.error()));
        ctx.exit_code = 1;
        return;
      }
      std::copy(bytes->begin(), bytes->end(), entropy.begin());
    }
    auto id = make_ulid(p->unix_ms, entropy);
    if (!id) {
      fmt::print(stderr, "sortkey: cannot encode a ULID: {}\n", describe(id.error()));
      ctx.exit_code = 1;
      return;
    }
    fmt::print("{}\n", encode_ulid(*id));
  });
}

}  // namespace sortkey::cli
