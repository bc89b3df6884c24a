#include "tools/codec_commands.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

namespace sortkey::cli {
namespace {

using nlohmann::json;

// Standard input, line by line as the lines come, through a buffer of its
// own: before a read that could wait, what was printed so far is flushed, so
// that each line's result appears as soon as its line has arrived, and
// memory stays one line however long the stream.
int g_stdout_errno = 0;  // the first failure of flush_stdout()

class LineReader {
 public:
  // The next line (without its end; "\r\n" is one end), or nullopt at the
  // end of the input. Errors: a line longer than kMaxInputLine, or a read
  // that fails.
  Result<std::optional<std::string>> next() {
    std::string line;
    for (;;) {
      if (at_ == size_) {
        if (eof_) break;
        flush_stdout();
        ssize_t n;
        while ((n = ::read(STDIN_FILENO, buffer_, sizeof buffer_)) < 0 && errno == EINTR) {
        }
        if (n < 0) {
          return make_error(ErrorCode::kUnavailable, 0,
                            fmt::format("cannot read standard input: {}", std::strerror(errno)));
        }
        at_ = 0;
        size_ = static_cast<std::size_t>(n);
        eof_ = n == 0;
        continue;
      }
      const char* start = buffer_ + at_;
      const void* newline = std::memchr(start, '\n', size_ - at_);
      const std::size_t take = newline ? static_cast<const char*>(newline) - start : size_ - at_;
      if (line.size() + take > kMaxInputLine) {
        return make_error(ErrorCode::kBadLength, 0,
                          fmt::format("standard input line {} is longer than {} bytes", lines_ + 1,
                                      kMaxInputLine));
      }
      line.append(start, take);
      at_ += take;
      open_ = true;
      if (newline) {
        ++at_;
        ++lines_;
        open_ = false;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return std::optional<std::string>(std::move(line));
      }
    }
    if (!open_) return std::optional<std::string>();
    open_ = false;
    ++lines_;
    return std::optional<std::string>(std::move(line));
  }

 private:
  char buffer_[1 << 16];
  std::size_t at_ = 0, size_ = 0, lines_ = 0;
  bool eof_ = false;
  bool open_ = false;  // bytes of a line without its end were read
};

// The input is shown with its control characters and stray bytes escaped
// (sortkey::printable): a rejected line must not retitle the terminal. The
// caret line needs the input as it is, so only a printable one gets it.
// A rejected input of a megabyte must not become a megabyte of message (the
// codec's message may quote the input too): at most `max_bytes` of it are
// shown, cut between characters, and its length.
std::string shown_cut(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return printable(text);
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return fmt::format("{}...({} bytes)", printable(text.substr(0, cut)), text.size());
}

void report_rejection(std::string_view what, const std::string& input, const Error& e) {
  const std::string shown = shown_cut(input, 200);
  fmt::print(stderr, "sortkey: cannot {} \"{}\": {}\n", what, shown, shown_cut(describe(e), 400));
  if (shown == input && e.offset <= input.size() && input.size() <= 80) {
    fmt::print(stderr, "  {}\n  {}^\n", input, std::string(e.offset, ' '));
  }
}

}  // namespace

int stdout_errno() { return g_stdout_errno; }

void flush_stdout() {
  if (std::fflush(stdout) != 0 && g_stdout_errno == 0) g_stdout_errno = errno;
}

// Whether `text` is UTF-8, as nlohmann's writer judges it (the codec-only
// build has no other UTF-8 check to share).
static bool is_json_text(const std::string& text) {
  try {
    (void)json(text).dump();
    return true;
  } catch (const json::type_error&) {
    return false;
  }
}

std::string json_result(const std::string& input, const Result<json>& fields) {
  // JSON holds only Unicode text: an input that is not UTF-8 (a line of a
  // file may hold any byte) is shown as the text output and the error
  // messages show it, its stray bytes escaped ("EVT\\xFF"), and says so.
  json line = {{"input", input}};
  if (!is_json_text(input)) {
    line["input"] = printable(input);
    line["input_escaped"] = true;
  }
  if (fields) line.update(*fields);
  if (!fields) {
    const Error& e = fields.error();
    line["error"] = {
        {"code", std::string(to_string(e.code))}, {"offset", e.offset}, {"message", e.message}};
  }
  // Any other text that is not UTF-8 is shown with U+FFFD rather than ending
  // the output.
  return line.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

Result<void> for_each_input(const std::vector<std::string>& args,
                            const std::function<void(const std::string&)>& each) {
  bool read_stdin = false;
  const auto from_stdin = [&]() -> Result<void> {
    if (read_stdin) return {};  // standard input is read once
    read_stdin = true;
    LineReader reader;
    // A reader of the output that went away (`| head`) ends the input too.
    while (!std::ferror(stdout)) {
      auto line = reader.next();
      if (!line) return line.error();
      if (!*line) return {};
      each(**line);
    }
    return {};
  };
  for (const std::string& a : args) {
    if (std::ferror(stdout)) return {};
    if (a != "-") {
      each(a);
    } else if (auto ok = from_stdin(); !ok) {
      return ok;
    }
  }
  if (args.empty()) return from_stdin();
  return {};
}

void add_output_option(CLI::App& sub, std::string* output) {
  sub.add_option("-o,--output", *output, "text (one line per input) or json (one object each)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
}

void convert_each(const std::vector<std::string>& args, std::string_view what,
                  const Convert& convert, Context& ctx, const std::string& output) {
  const bool as_json = output == "json";
  const auto read = for_each_input(args, [&](const std::string& input) {
    auto result = convert(input);
    if (!result) ctx.exit_code = 1;
    if (as_json) {
      fmt::print("{}", json_result(input, result ? Result<json>(json{{"output", *result}})
                                                 : Result<json>(result.error())));
      return;
    }
    // An empty line holds the place of the rejected input: the output lines
    // up with the input, one line each.
    fmt::print("{}\n", result ? *result : "");
    if (!result) report_rejection(what, input, result.error());
  });
  if (!read) {
    flush_stdout();
    fmt::print(stderr, "sortkey: {}\n", read.error().message);
    ctx.exit_code = 2;
  }
  flush_stdout();
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
  const auto read = for_each_input(args, [&](const std::string& input) {
    const auto p = parts(input);
    if (!p) ctx.exit_code = 1;
    fmt::print("{}", json_result(input, p));
  });
  if (!read) {
    flush_stdout();
    fmt::print(stderr, "sortkey: {}\n", read.error().message);
    ctx.exit_code = 2;
  }
  flush_stdout();
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

CLI::App* add_decoder(CLI::App& decode, const std::string& name, const std::string& summary,
                      std::vector<std::string>* inputs, Describe fields, Render render,
                      Context& ctx) {
  return add_describer(decode,
                       Describer{name, summary, "keys to decode", "decode as " + name,
                                 std::move(fields), std::move(render)},
                       inputs, ctx);
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
