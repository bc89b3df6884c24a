#include "tools/usage_hints.h"

#include <fmt/format.h>

#include <memory>
#include <vector>

#include "sortkey/error.h"
#include "support/suggest.h"

namespace sortkey::cli {
namespace {

std::vector<const CLI::App*> hint_subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

const CLI::App* hint_subcommand_named(const CLI::App& app, const std::string& word) {
  for (const CLI::App* sub : hint_subcommands(app)) {
    if (sub->check_name(word)) return sub;
  }
  return nullptr;
}

std::vector<std::string> hint_subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : hint_subcommands(app)) names.push_back(sub->get_name());
  return names;
}

// "ksuid inspect": the words that lead to a command.
std::string hint_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// "sortkey ksuid inspect".
std::string hint_path(const std::vector<std::string>& words) {
  return words.empty() ? "sortkey" : "sortkey " + hint_words(words);
}

// Options every command takes (sortkey_cli.cc): with their value, the number
// of words they take; 0 when `word` is none of them.
int hint_global_option_words(const std::string& word) {
  if (word == "--color") return 2;
  if (word.starts_with("--color=")) return 1;
  return 0;
}

// `sortkey ksuid: a command is required: ...`, a line per subcommand.
std::string hint_command_list(const CLI::App& app, const std::vector<std::string>& path) {
  std::size_t width = 0;
  for (const CLI::App* sub : hint_subcommands(app)) width = std::max(width, sub->get_name().size());
  std::string out = fmt::format("{}: a command is required:\n", hint_path(path));
  for (const CLI::App* sub : hint_subcommands(app)) {
    out += fmt::format("  {:<{}}  {}\n", sub->get_name(), width, sub->get_description());
  }
  return out + fmt::format("`sortkey help {}COMMAND` shows a command's options.",
                           path.empty() ? "" : hint_words(path) + " ");
}

std::string hint_unknown_command(const CLI::App& app, const std::string& word,
                                 const std::vector<std::string>& path) {
  const std::vector<std::string> names = hint_subcommand_names(app);
  const std::string hint = support::did_you_mean(word, names);
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  const std::string where = path.empty() ? "" : " after \"" + hint_words(path) + "\"";
  if (hint.empty()) {
    return fmt::format("unknown command \"{}\"{}; the commands: {}", printable(word), where, list);
  }
  return fmt::format("unknown command \"{}\"{}; {} (the commands: {})", printable(word), where,
                     hint, list);
}

bool hint_has_long_option(const CLI::App& app, const std::string& name) {
  for (const CLI::App* at = &app; at != nullptr; at = at->get_parent()) {
    if (at->get_option_no_throw("--" + name) != nullptr) return true;
  }
  return false;
}

// The long options of `app` and of the commands above it (--color).
std::vector<std::string> hint_long_option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* at = &app; at != nullptr; at = at->get_parent()) {
    for (const CLI::Option* o : at->get_options()) {
      if (!o->nonpositional() || o->get_group().empty()) continue;  // hidden: not offered
      for (const auto& l : o->get_lnames()) names.push_back(l);
    }
  }
  return names;
}

}  // namespace

std::string command_hint(const CLI::App& app, int argc, char** argv) {
  const CLI::App* at = &app;
  std::vector<std::string> path;
  for (int i = 1; i <= argc; ++i) {
    const bool needs_command =
        at->get_require_subcommand_min() > 0 && !hint_subcommands(*at).empty();
    if (i == argc) return needs_command ? hint_command_list(*at, path) : "";
    const std::string word = argv[i];
    if (const int skip = hint_global_option_words(word); skip > 0) {
      i += skip - 1;
      continue;
    }
    if (!word.empty() && word[0] == '-') {
      const bool asks = word == "-h" || word == "--help" || (path.empty() && word == "--version");
      return needs_command && !asks ? hint_command_list(*at, path) : "";
    }
    if (!needs_command) return {};
    const CLI::App* next = hint_subcommand_named(*at, word);
    if (next == nullptr) return hint_unknown_command(*at, word, path);
    path.push_back(word);
    at = next;
  }
  return {};
}

std::string option_hint(const CLI::App& app, int argc, char** argv) {
  const CLI::App* at = &app;
  std::vector<std::string> path;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;
    if (word.size() > 2 && word.starts_with("--")) {
      const std::string name = word.substr(2, word.find('=') - 2);
      if (hint_has_long_option(*at, name)) continue;
      const std::string hint = support::did_you_mean(name, hint_long_option_names(*at), "--");
      return fmt::format(
          "{}: unknown option --{}; {}", hint_path(path),
          // A name of 100 KB is not a 100 KB line.
          name.size() <= 200
              ? printable(name)
              : fmt::format("{}...({} bytes)", printable(name.substr(0, 200)), name.size()),
          hint.empty()
              ? fmt::format("`{}` lists the options",
                            hint_path({"help"}) + (path.empty() ? "" : " " + hint_words(path)))
              : hint);
    }
    if (const CLI::App* next = hint_subcommand_named(*at, word); next != nullptr) {
      path.push_back(word);
      at = next;
    }
  }
  return {};
}

void add_help_command(CLI::App& app, Context& ctx) {
  auto words = std::make_shared<std::vector<std::string>>();
  CLI::App* help = app.add_subcommand(
      "help", "print a command's help, as COMMAND --help does: sortkey help encode padded");
  help->add_option("command", *words, "the words of the command (none: every command)");
  help->callback([&app, words, &ctx] {
    const CLI::App* at = &app;
    std::vector<std::string> path;
    for (const std::string& word : *words) {
      const CLI::App* next = hint_subcommand_named(*at, word);
      if (next == nullptr) {
        fmt::print(stderr, "sortkey help: {}\n",
                   hint_subcommands(*at).empty() ? fmt::format("{} has no subcommand \"{}\"",
                                                               hint_path(path), printable(word))
                                                 : hint_unknown_command(*at, word, path));
        ctx.exit_code = 2;
        return;
      }
      path.push_back(word);
      at = next;
    }
    // The formatter itself: App::help() would show the help of the command
    // parsed last, this one.
    fmt::print("{}",
               at->get_formatter()->make_help(at, hint_path(path), CLI::AppFormatMode::Normal));
  });
}

}  // namespace sortkey::cli
