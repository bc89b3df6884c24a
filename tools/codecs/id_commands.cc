#include "tools/codecs/id_commands.h"

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>

#include "sortkey/id_source.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

struct GenerateArgs {
  long long count = 1;
  bool monotonic = false;
};

struct IdEncodeArgs {
  std::int64_t time = 0;
  std::string random;
};

void add_generate(CLI::App& parent, Context& ctx, std::shared_ptr<const IdTool> tool) {
  auto g = std::make_shared<GenerateArgs>();
  CLI::App* generate = parent.add_subcommand("generate", tool->generate_help);
  generate->add_option("-n,--count", g->count, "how many")
      ->transform(decimal<long long>(1, 100000000))
      ->capture_default_str();
  generate->add_flag("--monotonic", g->monotonic, tool->monotonic_help);
  generate->callback([g, tool, &ctx] {
    const auto next = tool->generator(g->monotonic);
    std::string out;
    for (long long i = 0; i < g->count; ++i) {
      if (auto ok = next(out); !ok) {
        fmt::print("{}", out);
        fmt::print(stderr, "sortkey: cannot generate a {}: {}\n", tool->name, describe(ok.error()));
        ctx.exit_code = 1;
        return;
      }
      out += '\n';
      if (out.size() >= 1 << 16) {
        fmt::print("{}", out);
        out.clear();
      }
    }
    fmt::print("{}", out);
    flush_stdout();
  });
}

struct InspectArgs {
  std::vector<std::string> ids;
  std::string field = "inspect";
  std::string output = "text";
};

// One part of an ID as text: a string as it is, a number in decimal.
std::string part_text(const nlohmann::json& parts, const std::string& field) {
  const nlohmann::json& v = parts.at(field);
  return v.is_string() ? v.get<std::string>() : v.dump();
}

void print_inspections(const InspectArgs& a, const IdTool& tool, Context& ctx) {
  describe_each(
      a.ids, "inspect as a " + tool.name, tool.inspect,
      [&](const nlohmann::json& parts) {
        return a.field == "inspect" ? tool.report(parts) : part_text(parts, a.field);
      },
      ctx, a.output);
}

void add_inspect(CLI::App& parent, Context& ctx, std::shared_ptr<const IdTool> tool) {
  auto a = std::make_shared<InspectArgs>();
  CLI::App* inspect = parent.add_subcommand("inspect", tool->inspect_help);
  inspect->add_option("ids", a->ids,
                      tool->ids_help + "; none or - reads one per line of standard input");
  CLI::Option* field =
      inspect
          ->add_option("-f,--format", a->field,
                       "inspect (the report), or one part: string, time, timestamp, payload, raw")
          ->check(CLI::IsMember({"inspect", "string", "time", "timestamp", "payload", "raw"}))
          ->capture_default_str();
  add_output_option(*inspect, &a->output);
  field->excludes(inspect->get_option("--output"));
  inspect->callback([a, tool, &ctx] { print_inspections(*a, *tool, ctx); });
}

// The random part `encode` was given, or fresh random bytes. On failure
// reports on stderr, sets the exit code and returns nothing.
std::optional<std::vector<std::uint8_t>> random_part(const IdTool& tool, const std::string& hex,
                                                     Context& ctx) {
  if (hex.empty()) {
    std::vector<std::uint8_t> random(tool.random_size);
    if (auto ok = os_random_bytes(random); !ok) {
      fmt::print(stderr, "sortkey: cannot encode a {}: {}\n", tool.name, describe(ok.error()));
      ctx.exit_code = 1;
      return std::nullopt;
    }
    return random;
  }
  auto bytes = parse_hex(hex, tool.random_size);
  if (!bytes) {
    fmt::print(stderr, "sortkey: cannot encode a {}: the {}: {}\n", tool.name, tool.random_name,
               describe(bytes.error()));
    ctx.exit_code = 1;
    return std::nullopt;
  }
  return *bytes;
}

void add_encode(CLI::App& parent, Context& ctx, std::shared_ptr<const IdTool> tool) {
  auto p = std::make_shared<IdEncodeArgs>();
  CLI::App* encode = parent.add_subcommand("build", tool->encode_help);
  encode->add_option("--time", p->time, tool->time_help)
      ->transform(decimal<std::int64_t>(tool->time_min, tool->time_max, tool->time_range))
      ->required();
  encode->add_option(tool->random_option, p->random, tool->random_help);
  encode->callback([p, tool, &ctx] {
    const auto random = random_part(*tool, p->random, ctx);
    if (!random) return;
    auto text = tool->encode(p->time, *random);
    if (!text) {
      fmt::print(stderr, "sortkey: cannot encode a {}: {}\n", tool->name, describe(text.error()));
      ctx.exit_code = 1;
      return;
    }
    fmt::print("{}\n", *text);
  });
}

}  // namespace

void add_id_tool(CLI::App& app, Context& ctx, IdTool tool) {
  const auto shared = std::make_shared<const IdTool>(std::move(tool));
  CLI::App* command = app.add_subcommand(shared->command, shared->summary);
  command->require_subcommand(1);
  add_generate(*command, ctx, shared);
  add_inspect(*command, ctx, shared);
  add_encode(*command, ctx, shared);
}

void add_id_commands(CLI::App& app, Context& ctx) {
  add_ksuid_tool(app, ctx);
  add_ulid_tool(app, ctx);
}

Result<std::vector<std::uint8_t>> parse_hex(std::string_view text, std::size_t size) {
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (digit(text[i]) < 0) {
      return make_error(ErrorCode::kBadCharacter, i,
                        fmt::format("expected a hexadecimal digit, found '{}'", text[i]));
    }
  }
  if (text.size() != 2 * size) {
    return make_error(ErrorCode::kBadLength, std::min(text.size(), 2 * size),
                      fmt::format("expected {} hexadecimal digits ({} bytes), got {}", 2 * size,
                                  size, text.size()));
  }
  std::vector<std::uint8_t> out(size);
  for (std::size_t i = 0; i < size; ++i) {
    out[i] = static_cast<std::uint8_t>(digit(text[2 * i]) * 16 + digit(text[2 * i + 1]));
  }
  return out;
}

std::string to_hex(const std::uint8_t* data, std::size_t size) {
  std::string out;
  out.reserve(2 * size);
  for (std::size_t i = 0; i < size; ++i) out += fmt::format("{:02X}", data[i]);
  return out;
}

}  // namespace sortkey::cli
