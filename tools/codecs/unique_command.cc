// sortkey unique sequence --width N [--first N] KEY...
// sortkey unique suffix --suffix S KEY...
// sortkey unique split UNIQUE_KEY...
//
// The uniqueness suffixes of sortkey/unique.h. `sequence` numbers the keys it
// reads: the first time a key comes it gets --first, each time it comes again
// the next number, so that a batch of events with equal timestamps gets keys
// that differ and keep the order they came in:
//
//   $ printf 'EVT#10:00\nEVT#10:00\nEVT#10:01\n' | sortkey unique sequence --width 3
//   EVT#10:00#000
//   EVT#10:00#001
//   EVT#10:01#000
//
// Every key gets a suffix, also one that comes once: the ordering theorem
// needs every key to have the same number of segments. `split` prints a key
// and its suffix as a JSON array, as `decode composite` prints segments; with
// -o json, {"input", "key", "suffix"}.

#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "sortkey/padded.h"
#include "sortkey/unique.h"
#include "tools/codec_commands.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

using nlohmann::json;

struct SequenceArgs {
  std::vector<std::string> inputs;
  int width = 0;
  std::string first = "0";
  std::map<std::string, UInt128, std::less<>> next;  // the next number of each key seen
};

struct SuffixArgs {
  std::vector<std::string> inputs;
  std::string suffix;
};

void add_sequence(CLI::App& unique, Context& ctx) {
  auto a = std::make_shared<SequenceArgs>();
  CLI::App* sub = add_converter(
      unique, "sequence", "KEY#<n zero-padded>: n counts the times the key came before", "encode",
      &a->inputs,
      [a](std::string_view key) -> Result<std::string> {
        auto first = parse_decimal(a->first);
        if (!first) return first.error();
        auto at = a->next.find(key);
        const UInt128 n = at == a->next.end() ? *first : at->second;
        auto out = with_sequence(key, n, a->width);
        if (!out) return out.error();
        a->next.insert_or_assign(std::string(key), n + 1);
        return out;
      },
      ctx);
  sub->add_option("--width", a->width, "digits of the sequence number (1 to 38)")
      ->transform(decimal<int>(1, 38))
      ->required();
  sub->add_option("--first", a->first, "the number of a key's first time (a decimal)")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            auto n = parse_decimal(text);
            return n ? std::string() : n.error().message;
          },
          "DECIMAL", "decimal"))
      ->capture_default_str();
}

void add_suffix(CLI::App& unique, Context& ctx) {
  auto a = std::make_shared<SuffixArgs>();
  CLI::App* sub = add_converter(
      unique, "suffix", "KEY#SUFFIX: a disambiguator (a KSUID, a writer id) after each key",
      "encode", &a->inputs,
      [a](std::string_view key) { return with_disambiguator(key, a->suffix); }, ctx);
  sub->add_option("--suffix", a->suffix, "the disambiguator: no byte at or below '#'")->required();
}

void add_split(CLI::App& unique, Context& ctx) {
  auto inputs = std::make_shared<std::vector<std::string>>();
  add_describer(unique,
                {"split", "a unique key's key and suffix, split at its last '#'", "unique keys",
                 "split as unique",
                 [inputs](std::string_view unique_key) -> Result<json> {
                   auto parts = split_unique(unique_key);
                   if (!parts) return parts.error();
                   return json{{"key", parts->key}, {"suffix", parts->suffix}};
                 },
                 [](const json& parts) {
                   return json::array({parts.at("key"), parts.at("suffix")}).dump();
                 }},
                inputs.get(), ctx);
}

}  // namespace

void add_unique_command(CLI::App& app, Context& ctx) {
  CLI::App* unique =
      app.add_subcommand("unique", "uniqueness suffixes: KEY#<sequence> or KEY#<disambiguator>");
  unique->require_subcommand(1);
  add_sequence(*unique, ctx);
  add_suffix(*unique, ctx);
  add_split(*unique, ctx);
}

}  // namespace sortkey::cli
