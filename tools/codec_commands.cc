#include "tools/codec_commands.h"

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

namespace sortkey::cli {
namespace {

using nlohmann::json;

// Reads byte by byte so that a line without an end is refused at the limit,
// not read whole into memory.
Result<void> read_lines(std::FILE* in, std::vector<std::string>& out) {
  std::string line;
  bool open_line = false;
  for (int c = std::getc(in); c != EOF; c = std::getc(in)) {
    open_line = c != '\n';
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      out.push_back(std::move(line));
      line.clear();
      continue;
    }
    if (line.size() == kMaxInputLine) {
      return make_error(ErrorCode::kBadLength, 0,
                        fmt::format("standard input line {} is longer than {} bytes",
                                    out.size() + 1, kMaxInputLine));
    }
    line += static_cast<char>(c);
  }
  if (std::ferror(in)) return make_error(ErrorCode::kUnavailable, 0, "cannot read standard input");
  if (open_line) out.push_back(std::move(line));
  return {};
}

void report_rejection(std::string_view what, const std::string& input, const Error& e) {
  fmt::print(stderr, "sortkey: cannot {} \"{}\": {}\n", what, input, describe(e));
  if (e.offset <= input.size() && input.size() <= 80) {
    fmt::print(stderr, "  {}\n  {}^\n", input, std::string(e.offset, ' '));
  }
}

}  // namespace

std::string json_result(const std::string& input, const Result<json>& fields) {
  json line = {{"input", input}};
  if (fields) line.update(*fields);
  if (!fields) {
    const Error& e = fields.error();
    line["error"] = {
        {"code", std::string(to_string(e.code))}, {"offset", e.offset}, {"message", e.message}};
  }
  // Invalid UTF-8 (an input read from a file may hold any byte) is shown with
  // U+FFFD rather than ending the output.
  return line.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

Result<std::vector<std::string>> expand_inputs(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  bool read_stdin = false;
  for (const std::string& a : args) {
    if (a != "-") {
      out.push_back(a);
      continue;
    }
    if (read_stdin) continue;  // standard input is read once
    read_stdin = true;
    if (auto ok = read_lines(stdin, out); !ok) return ok.error();
  }
  if (args.empty()) {
    if (auto ok = read_lines(stdin, out); !ok) return ok.error();
  }
  return out;
}

void add_output_option(CLI::App& sub, std::string* output) {
  sub.add_option("-o,--output", *output, "text (one line per input) or json (one object each)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
}

void convert_each(const std::vector<std::string>& args, std::string_view what,
                  const Convert& convert, Context& ctx, const std::string& output) {
  auto inputs = expand_inputs(args);
  if (!inputs) {
    fmt::print(stderr, "sortkey: {}\n", inputs.error().message);
    ctx.exit_code = 2;
    return;
  }
  const bool as_json = output == "json";
  for (const std::string& input : *inputs) {
    auto result = convert(input);
    if (!result) ctx.exit_code = 1;
    if (as_json) {
      fmt::print("{}", json_result(input, result ? Result<json>(json{{"output", *result}})
                                                 : Result<json>(result.error())));
      continue;
    }
    // An empty line holds the place of the rejected input: the output lines
    // up with the input, one line each.
    fmt::print("{}\n", result ? *result : "");
    if (!result) report_rejection(what, input, result.error());
  }
  std::fflush(stdout);
}

void describe_each(const std::vector<std::string>& args, std::string_view what,
                   const Describe& parts, const Render& render, Context& ctx,
                   const std::string& output) {
  if (output == "text") {
    convert_each(
        args, what,
        [&](std::string_view input) -> Result<std::string> {
          auto p = parts(input);
          if (!p) return p.error();
          return render(*p);
        },
        ctx);
    return;
  }
  auto inputs = expand_inputs(args);
  if (!inputs) {
    fmt::print(stderr, "sortkey: {}\n", inputs.error().message);
    ctx.exit_code = 2;
    return;
  }
  for (const std::string& input : *inputs) {
    const auto p = parts(input);
    if (!p) ctx.exit_code = 1;
    fmt::print("{}", json_result(input, p));
  }
  std::fflush(stdout);
}

CLI::App* add_describer(CLI::App& parent, Describer describer, std::vector<std::string>* inputs,
                        Context& ctx) {
  auto d = std::make_shared<Describer>(std::move(describer));
  CLI::App* sub = parent.add_subcommand(d->name, d->summary);
  sub->add_option("inputs", *inputs,
                  d->inputs_help + "; none or - reads one per line of standard input");
  auto output = std::make_shared<std::string>("text");
  add_output_option(*sub, output.get());
  sub->callback([inputs, d, output, &ctx] {
    describe_each(*inputs, d->what, d->parts, d->render, ctx, *output);
  });
  return sub;
}

CLI::App* add_converter(CLI::App& parent, const std::string& name, const std::string& summary,
                        const std::string& what, std::vector<std::string>* inputs, Convert convert,
                        Context& ctx) {
  CLI::App* sub = parent.add_subcommand(name, summary);
  sub->add_option("inputs", *inputs,
                  (what == "encode" ? "values to encode" : "keys to decode") +
                      std::string("; none or - reads one per line of standard input"));
  auto output = std::make_shared<std::string>("text");
  add_output_option(*sub, output.get());
  auto shared = std::make_shared<Convert>(std::move(convert));
  sub->callback([inputs, shared, what, name, output, &ctx] {
    convert_each(*inputs, what + " as " + name, *shared, ctx, *output);
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
