#include "tools/codecs/id_commands.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <memory>
#include <optional>

#include "sortkey/id_source.h"
#include "sortkey/timestamp.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

// An option's text in a message: escaped, and at most 80 bytes of it.
std::string shown_option_text(std::string_view text) {
  if (text.size() <= 80) return printable(text);
  return fmt::format("{}...({} bytes)", printable(text.substr(0, 80)), text.size());
}

// Every name `-f` and a template take for a field of `tool`'s parts.
std::vector<std::string> field_names(const IdTool& tool) {
  std::vector<std::string> names(std::begin(kIdVocabulary), std::end(kIdVocabulary));
  names.insert(names.end(), tool.own_fields.begin(), tool.own_fields.end());
  for (const auto& alias : tool.field_aliases) names.push_back(alias.first);
  return names;
}

// The field a name stands for: itself, or what it is an alias of.
std::string field_of(const IdTool& tool, const std::string& name) {
  for (const auto& [alias, field] : tool.field_aliases) {
    if (alias == name) return field;
  }
  return name;
}

// One part of an ID as text: a string as it is, a number in decimal.
std::string part_text(const nlohmann::json& parts, const std::string& field) {
  const nlohmann::json& v = parts.at(field);
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// How generate and inspect print each ID: -f (the report, one field, or the
// template), -t, -o.
struct IdFormat {
  std::string field;  // "inspect", "template" or a field name
  std::string templ;
  std::string output = "text";
  const CLI::Option* field_option = nullptr;  // -f, to tell a typed value from the default
};

void add_format_options(CLI::App& sub, const IdTool& tool, IdFormat& f, const std::string& what) {
  std::vector<std::string> formats = {"inspect", "template"};
  for (auto& name : field_names(tool)) formats.push_back(std::move(name));
  std::string listed;
  for (std::size_t i = 2; i < formats.size(); ++i) listed += (i == 2 ? "" : ", ") + formats[i];
  CLI::Option* field =
      sub.add_option("-f,--format", f.field,
                     "inspect (the report), template (-t's), or one field: " + listed + what)
          ->check(one_of(formats))
          ->capture_default_str();
  const auto shared = std::make_shared<IdTool>(tool);
  CLI::Option* templ =
      sub.add_option("-t,--template", f.templ,
                     "print each ID as this text with {field} replaced by the field "
                     "(the fields of -f; {{ and }} are braces), e.g. '{time} {id}'")
          ->check(CLI::Validator(
              [shared](std::string& text) -> std::string {
                auto pieces = parse_id_template(text, *shared);
                return pieces ? std::string() : printable(pieces.error().message);
              },
              "TEMPLATE", "template"));
  add_output_option(sub, &f.output);
  f.field_option = field;
  field->excludes(sub.get_option("--output"));
  templ->excludes(sub.get_option("--output"));
}

// The format after the options were read: -t means -f template, and -f
// template needs -t. Throws CLI's usage error otherwise (exit 2).
void settle_format(IdFormat& f) {
  if (!f.templ.empty()) {
    if (f.field != "template" && f.field_option != nullptr && f.field_option->count() > 0) {
      throw CLI::ValidationError("-t,--template",
                                 "a template is printed with -f template, not -f " + f.field);
    }
    f.field = "template";
  } else if (f.field == "template") {
    throw CLI::ValidationError("-f template",
                               "needs -t,--template TEMPLATE, e.g. -t '{time} {id}'");
  }
}

// The text of one ID's parts in format `f` (not json).
std::string render_id(const IdTool& tool, const IdFormat& f,
                      const std::vector<TemplatePiece>& pieces, const nlohmann::json& parts) {
  if (f.field == "inspect") return tool.report(parts);
  if (f.field == "template") return fill_id_template(pieces, parts);
  return part_text(parts, field_of(tool, f.field));
}

struct GenerateArgs {
  long long count = 1;
  bool monotonic = false;
  std::int64_t time = 0;
  bool min = false;
  bool max = false;
  IdFormat format{"id", "", "text", nullptr};
};

// The IDs' text as `a` asks for it, appended to `out`; for the default
// format the ID itself, without computing its parts.
Result<void> append_generated(const IdTool& tool, const GenerateArgs& a,
                              const std::vector<TemplatePiece>& pieces, std::string_view id,
                              std::string& out) {
  if (a.format.output == "text" && (a.format.field == "id" || a.format.field == "string")) {
    out.append(id);
    out += '\n';
    return {};
  }
  auto parts = tool.inspect(id);
  if (!parts) return parts.error();
  if (a.format.output == "json") {
    out += parts->dump();
  } else {
    out += render_id(tool, a.format, pieces, *parts);
  }
  out += '\n';
  return {};
}

// The smallest (--min) or largest (--max) ID of the time: the random part
// all zero bits or all one bits.
Result<std::string> bound_id(const IdTool& tool, const GenerateArgs& a) {
  const std::vector<std::uint8_t> random(tool.random_size, a.min ? 0x00 : 0xFF);
  return tool.encode(a.time, random);
}

void run_generate(const IdTool& tool, GenerateArgs& a, bool has_time, Context& ctx) {
  settle_format(a.format);
  std::vector<TemplatePiece> pieces;
  if (a.format.field == "template") pieces = *parse_id_template(a.format.templ, tool);
  const auto fail = [&](const Error& e) {
    fmt::print(stderr, "sortkey: cannot generate a {}: {}\n", tool.name, describe(e));
    ctx.exit_code = 1;
  };
  std::string out;
  if (a.min || a.max) {
    auto id = bound_id(tool, a);
    if (!id) return fail(id.error());
    if (auto ok = append_generated(tool, a, pieces, *id, out); !ok) return fail(ok.error());
    fmt::print("{}", out);
    flush_stdout();
    return;
  }
  const auto next =
      tool.generator(a.monotonic, has_time ? std::optional<std::int64_t>(a.time * tool.ms_per_unit)
                                           : std::nullopt);
  std::string id;
  for (long long i = 0; i < a.count; ++i) {
    id.clear();
    auto ok = next(id);
    if (ok) ok = append_generated(tool, a, pieces, id, out);
    if (!ok) {
      fmt::print("{}", out);
      return fail(ok.error());
    }
    if (out.size() >= 1 << 16) {
      fmt::print("{}", out);
      out.clear();
    }
  }
  fmt::print("{}", out);
  flush_stdout();
}

// --time of generate and build: an integer of the family's unit, or RFC 3339.
CLI::Validator id_time(std::shared_ptr<const IdTool> tool) {
  return CLI::Validator(
      [tool](std::string& text) -> std::string {
        auto t = parse_id_time(text, *tool);
        if (!t) return printable(t.error().message);
        text = std::to_string(*t);
        return {};
      },
      "TIME", "time");
}

std::string time_help(const IdTool& tool) {
  return fmt::format("{} {} to {}{}, or RFC 3339 (2026-12-04T03:15:00Z, any offset and fraction)",
                     tool.time_unit, tool.time_min, tool.time_max, tool.time_range);
}

void add_generate(CLI::App& parent, Context& ctx, std::shared_ptr<const IdTool> tool) {
  auto g = std::make_shared<GenerateArgs>();
  CLI::App* generate = parent.add_subcommand("generate", tool->generate_help);
  CLI::Option* count = generate->add_option("-n,--count", g->count, "how many")
                           ->transform(decimal<long long>(1, 100000000))
                           ->capture_default_str();
  CLI::Option* monotonic = generate->add_flag("--monotonic", g->monotonic, tool->monotonic_help);
  CLI::Option* time =
      generate->add_option("--time", g->time, "IDs of this time, not now: " + time_help(*tool))
          ->transform(id_time(tool));
  const std::string bound = " ID of --time, for the bounds of a BETWEEN on a sort key of " +
                            tool->name + "s (its " + tool->random_name + " all ";
  CLI::Option* min = generate->add_flag("--min", g->min, "print the smallest" + bound + "zeros)");
  CLI::Option* max = generate->add_flag("--max", g->max, "print the largest" + bound + "ones)");
  for (CLI::Option* o : {min, max}) o->needs(time)->excludes(count)->excludes(monotonic);
  min->excludes(max);
  add_format_options(*generate, *tool, g->format, " (default: id)");
  generate->callback([g, tool, time, &ctx] { run_generate(*tool, *g, time->count() > 0, ctx); });
}

struct InspectArgs {
  std::vector<std::string> ids;
  IdFormat format{"inspect", "", "text", nullptr};
};

void print_inspections(InspectArgs& a, const IdTool& tool, Context& ctx) {
  settle_format(a.format);
  std::vector<TemplatePiece> pieces;
  if (a.format.field == "template") pieces = *parse_id_template(a.format.templ, tool);
  describe_each(
      a.ids, "inspect as a " + tool.name, tool.inspect,
      [&](const nlohmann::json& parts) { return render_id(tool, a.format, pieces, parts); }, ctx,
      a.format.output);
}

void add_inspect(CLI::App& parent, Context& ctx, std::shared_ptr<const IdTool> tool) {
  auto a = std::make_shared<InspectArgs>();
  CLI::App* inspect = parent.add_subcommand("inspect", tool->inspect_help);
  inspect->add_option("ids", a->ids,
                      tool->ids_help + "; none or - reads one per line of standard input");
  add_format_options(*inspect, *tool, a->format, "");
  inspect->callback([a, tool, &ctx] { print_inspections(*a, *tool, ctx); });
}

struct IdEncodeArgs {
  std::int64_t time = 0;
  std::string random;
};

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
  encode->add_option("--time", p->time, time_help(*tool))->transform(id_time(tool))->required();
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

Result<std::vector<TemplatePiece>> parse_id_template(std::string_view text, const IdTool& tool) {
  if (text.empty()) return make_error(ErrorCode::kBadParameter, 0, "a template must not be empty");
  const std::vector<std::string> names = field_names(tool);
  std::vector<TemplatePiece> pieces;
  std::string literal;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      literal += c;
      ++i;
      continue;
    }
    if (c == '}') {
      return make_error(
          ErrorCode::kBadParameter, i,
          fmt::format("the '}}' at byte {} closes no field; write }}}} for a brace", i));
    }
    if (c != '{') {
      literal += c;
      continue;
    }
    const std::size_t close = text.find('}', i + 1);
    if (close == std::string_view::npos) {
      return make_error(
          ErrorCode::kBadParameter, i,
          fmt::format("the '{{' at byte {} is not closed; write {{{{ for a brace", i));
    }
    const std::string name(text.substr(i + 1, close - i - 1));
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      std::string listed;
      for (const auto& n : names) listed += (listed.empty() ? "" : ", ") + n;
      return make_error(ErrorCode::kBadParameter, i,
                        fmt::format("unknown field {{{}}} at byte {}; the fields are {}",
                                    shown_option_text(name), i, listed));
    }
    if (!literal.empty()) pieces.push_back({std::move(literal), false});
    literal.clear();
    pieces.push_back({field_of(tool, name), true});
    i = close;
  }
  if (!literal.empty()) pieces.push_back({std::move(literal), false});
  return pieces;
}

std::string fill_id_template(const std::vector<TemplatePiece>& pieces,
                             const nlohmann::json& parts) {
  std::string out;
  for (const TemplatePiece& p : pieces) out += p.field ? part_text(parts, p.text) : p.text;
  return out;
}

Result<std::int64_t> parse_id_time(std::string_view text, const IdTool& tool) {
  const std::size_t first = !text.empty() && text[0] == '-' ? 1 : 0;
  const bool integer =
      text.size() > first && text.find_first_not_of("0123456789", first) == std::string_view::npos;
  const auto out_of_range = [&] {
    return make_error(
        ErrorCode::kOutOfRange, 0,
        fmt::format("must be between {} and {} {}{}, got {}", tool.time_min, tool.time_max,
                    tool.time_unit, tool.time_range, shown_option_text(text)));
  };
  std::int64_t value = 0;
  if (integer) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return out_of_range();
  } else {
    auto t = parse_rfc3339(text);
    if (!t) {
      return make_error(
          ErrorCode::kBadParameter, 0,
          fmt::format("must be {} (an integer) or RFC 3339 (2026-12-04T03:15:00Z, "
                      "2026-12-04T04:15:00+01:00, 2026-12-04T03:15:00.250Z), got \"{}\"",
                      tool.time_unit, shown_option_text(text)));
    }
    // Floored to the unit: the ID whose time field holds the instant.
    const std::int64_t ms = t->seconds * 1000 + t->nanos / 1000000;
    value = ms / tool.ms_per_unit - (ms % tool.ms_per_unit < 0 ? 1 : 0);
  }
  if (value < tool.time_min || value > tool.time_max) return out_of_range();
  return value;
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
