// sortkey encode composite [--delimiter D] [--subtree | --bounds | --window FIRST LAST] SEGMENT...
// sortkey decode composite [--delimiter D] KEY...

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "sortkey/composite.h"
#include "tools/codec_commands.h"

namespace sortkey::cli {
namespace {

constexpr const char* kDelimiterHelp =
    "the delimiter: one of ! \" # $ % & ' ( ) * + , - . / (default #); the escape byte is the next "
    "one";

struct CompositeEncodeArgs {
  std::vector<std::string> segments;
  std::string delimiter = "#";
  bool subtree = false;
  bool bounds = false;
  std::vector<std::string> window;
};

Result<char> parse_delimiter(const std::string& text) {
  if (text.size() != 1) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("the delimiter must be a single byte, got \"{}\"", printable(text)));
  }
  if (auto ok = check_delimiter(text[0]); !ok) return ok.error();
  return text[0];
}

// --delimiter checked when the options are read: a delimiter that cannot be
// one ('', 'é', a letter) is a usage error (exit 2) naming the option.
CLI::Validator delimiter_option() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        auto d = parse_delimiter(text);
        return d ? std::string() : printable(d.error().message);
      },
      "DELIMITER", "delimiter");
}

void report(const std::string& what, const Error& e) {
  fmt::print(stderr, "sortkey: cannot {}: {}\n", what, describe(e));
}

// Encodes one path (or its ranges): every segment is checked alone first, so
// that a bad segment is named and marked.
int run_encode(const CompositeEncodeArgs& a) {
  auto d = parse_delimiter(a.delimiter);
  if (!d) {
    report("encode as composite", d.error());
    return 1;
  }
  for (std::size_t i = 0; i < a.segments.size(); ++i) {
    std::string scratch;
    if (auto ok = append_segment(scratch, a.segments[i], *d); !ok) {
      const std::string& s = a.segments[i];
      fmt::print(stderr, "sortkey: cannot encode as composite segment {} \"{}\": {}\n", i + 1, s,
                 describe(ok.error()));
      if (s.size() <= 80)
        fmt::print(stderr, "  {}\n  {}^\n", s, std::string(ok.error().offset, ' '));
      return 1;
    }
  }
  if (!a.window.empty()) {
    auto r = window_bounds(a.segments, a.window[0], a.window[1], *d);
    if (!r) {
      report("compute the window", r.error());
      return 1;
    }
    fmt::print("{}\n{}\n", r->low, r->high);
    return 0;
  }
  if (a.bounds) {
    auto r = subtree_bounds(a.segments, *d);
    if (!r) {
      report("compute the subtree bounds", r.error());
      return 1;
    }
    fmt::print("{}\n{}\n", r->low, r->high);
    return 0;
  }
  auto key = a.subtree ? subtree_prefix(a.segments, *d) : encode_composite(a.segments, *d);
  if (!key) {
    report("encode as composite", key.error());
    return 1;
  }
  fmt::print("{}\n", *key);
  return 0;
}

struct DecodeArgs {
  std::vector<std::string> inputs;
  std::string delimiter = "#";
};

}  // namespace

void add_composite_commands(CLI::App& encode, CLI::App& decode, Context& ctx) {
  auto e = std::make_shared<CompositeEncodeArgs>();
  CLI::App* sub = encode.add_subcommand(
      "composite",
      "hierarchical composite keys: SEGMENT... joined coarse to fine (EVENT#2026-06#00042)");
  sub->add_option("segments", e->segments,
                  "the path's segments, coarse to fine (use -- before one that starts with -)");
  sub->add_option("--delimiter", e->delimiter, kDelimiterHelp)->check(delimiter_option());
  auto* subtree =
      sub->add_flag("--subtree", e->subtree,
                    "print the begins_with prefix that selects the path's strict descendants");
  auto* bounds =
      sub->add_flag("--bounds", e->bounds,
                    "print the BETWEEN bounds (low, then high) of the path and its descendants");
  auto* window =
      sub->add_option("--window", e->window,
                      "FIRST LAST: print the BETWEEN bounds of the children of the path from "
                      "FIRST to LAST, with their descendants")
          ->expected(2)
          ->allow_extra_args(false);
  subtree->excludes(bounds)->excludes(window);
  bounds->excludes(window);
  sub->callback([e, &ctx] {
    if (e->segments.empty() && e->window.empty()) {
      throw CLI::RequiredError("segments: a path needs at least one segment");
    }
    const int status = run_encode(*e);
    if (status != 0) ctx.exit_code = status;
    flush_stdout();
  });

  auto d = std::make_shared<DecodeArgs>();
  add_decoder(
      decode, "composite",
      "hierarchical composite keys: prints each key's segments as a JSON array", &d->inputs,
      [d](std::string_view key) -> Result<nlohmann::json> {
        auto delimiter = parse_delimiter(d->delimiter);
        if (!delimiter) return delimiter.error();
        auto path = decode_composite(key, *delimiter);
        if (!path) return path.error();
        return nlohmann::json{{"segments", *path}};
      },
      [](const nlohmann::json& f) {
        return f["segments"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      },
      ctx)
      ->add_option("--delimiter", d->delimiter, kDelimiterHelp)
      ->check(delimiter_option());
}

}  // namespace sortkey::cli
