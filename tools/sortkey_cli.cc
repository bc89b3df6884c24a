// The `sortkey` command: a thin client of the library and the property
// catalog.
//
//   sortkey encode <codec> [options] VALUE...   one key per line
//   sortkey decode <codec> [options] KEY...     one value per line
//   sortkey layout|unique <what> [options] ...  placement markers, uniqueness suffixes
//   sortkey query build|run [options]           Query requests, run on the items of a file
//   sortkey certify [options]                   the certification (main job; certify_command.h)
//   sortkey fuzz [options]                      the libFuzzer campaign (fuzz_command.h)
//   sortkey design check FILE [options]         a key design proven (design_command.h)
//
// Built with -DSORTKEY_BUILD_CERTIFIER=OFF, only the codec commands are there.
//
// Exit status: 0 success; 1 an input was rejected or a property failed;
// 2 usage error or the job could not run.

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>

#include "support/color.h"
#include "tools/codec_commands.h"
#include "tools/codecs/id_commands.h"
#include "tools/shell_help.h"
#include "tools/usage_hints.h"
#include "tools/version.h"
#if SORTKEY_WITH_CERTIFIER
#include "support/subprocess.h"
#include "support/text.h"
#include "tools/certify_command.h"
#include "tools/design_command.h"
#include "tools/fuzz_command.h"
#endif

namespace {

// Set by occupy_closed_streams(): standard output was closed when sortkey started.
bool g_stdout_started_closed = false;

// Standard output failed with `error`. A reader that closed the pipe (`head`)
// wants no more: the command ends quietly, with the status it had so far. Any
// other failure (a full disk) is exit 2 with the system's reason: exit 0
// means every byte the command meant to write was written.
int output_failed(int error, int status_so_far) {
  if (g_stdout_started_closed) error = EBADF;
  if (error == EPIPE) return status_so_far;
  std::fprintf(stderr, "sortkey: cannot write to standard output: %s\n",
               error != 0 ? std::strerror(error) : "the write failed");
  return 2;
}

// A standard stream started closed would hand its descriptor to the next file
// opened (a report), and the stream's writes would land in that file. Each
// closed one gets the write end of a pipe without a reader: writes to it fail
// (EPIPE) and are reported as any failed write is, as the closed descriptor
// it stands for (EBADF): not as a reader gone, which is a quiet end.
void occupy_closed_streams() {
  for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == STDOUT_FILENO) g_stdout_started_closed = true;
    int ends[2];
    if (pipe(ends) != 0) continue;
    close(ends[0]);
    if (ends[1] != fd) {
      dup2(ends[1], fd);
      close(ends[1]);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  // A reader that goes away is an error to report (EPIPE), not a signal to die of.
  std::signal(SIGPIPE, SIG_IGN);
  occupy_closed_streams();
#if SORTKEY_WITH_CERTIFIER
  // An interrupt or a closed terminal leaves no adapter, fuzzer or
  // credential_process running (support/subprocess.h).
  sortkey::support::install_exit_handlers();
#endif
  // Named, so that every usage line says `sortkey`, not the path it was run by.
  CLI::App app{"sortkey: DynamoDB sort-key codecs and the properties that prove them", "sortkey"};
  app.require_subcommand(1);
  app.set_version_flag("--version",
                       std::string("sortkey ") + sortkey::cli::version() +
                           (std::string_view(sortkey::cli::commit()).empty()
                                ? ""
                                : std::string(" (commit ") + sortkey::cli::commit() + ")"));

  // Options of every command, given before or after its words.
  app.fallthrough();
  std::string color = "auto";
  app.add_option("--color", color,
                 "colour the verdict words: auto (on a terminal, unless NO_COLOR is set), always "
                 "or never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  app.parse_complete_callback([&color] {
    sortkey::support::set_color_mode(
        sortkey::support::parse_color_mode(color).value_or(sortkey::support::ColorMode::kAuto));
  });

  sortkey::cli::Context ctx;
  CLI::App* encode = app.add_subcommand("encode", "encode values into sort-key fragments");
  CLI::App* decode = app.add_subcommand("decode", "decode sort-key fragments back into values");
  encode->require_subcommand(1);
  decode->require_subcommand(1);
  sortkey::cli::add_codec_commands(*encode, *decode, ctx);
  sortkey::cli::add_id_commands(app, ctx);
  sortkey::cli::add_layout_command(app, ctx);
  sortkey::cli::add_unique_command(app, ctx);
  sortkey::cli::add_query_command(app, ctx);

  int certify_status = 0;
  int fuzz_status = 0;
#if SORTKEY_WITH_CERTIFIER
  sortkey::cli::add_certify_command(app, &certify_status);
  sortkey::cli::add_fuzz_command(app, &fuzz_status);
  sortkey::cli::add_design_command(app, &certify_status);
#endif
  sortkey::cli::add_help_command(app, ctx);
  sortkey::cli::add_shell_help_commands(app,
                                        sortkey::cli::version());  // last: it walks every command

  if (const std::string hint = sortkey::cli::command_hint(app, argc, argv); !hint.empty()) {
    fmt::print(stderr, "{}{}\n", hint.starts_with("sortkey") ? "" : "sortkey: ", hint);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      errno = 0;
      const int status = app.exit(e);
      if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) return output_failed(errno, status);
      return status;
    }
    // A mistyped option is named with its nearest spelling: CLI11 would
    // report it as an extra argument or as the required option it missed.
    if (const std::string hint = sortkey::cli::option_hint(app, argc, argv); !hint.empty()) {
      fmt::print(stderr, "{}\n", hint);
      return 2;
    }
    // CLI11's message quotes what was typed: its control characters are
    // escaped, and an argument of 100 KB does not make a 100 KB line.
    std::string_view what = e.what();
    const std::string cut = what.size() <= 1000
                                ? std::string(what)
                                : fmt::format("{}...({} bytes)", what.substr(0, 1000), what.size());
    fmt::print(stderr, "sortkey: {}\nRun with --help for more information.\n",
               sortkey::printable(cut));
    return 2;
  } catch (const std::system_error& e) {  // fmt::print to a stream that failed
    return output_failed(e.code().value(), ctx.exit_code != 0 ? ctx.exit_code : certify_status);
  }
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    int first = sortkey::cli::stdout_errno();
#if SORTKEY_WITH_CERTIFIER
    if (first == 0) first = sortkey::support::emit_stdout_errno();
#endif
    return output_failed(first != 0 ? first : errno,
                         ctx.exit_code != 0 ? ctx.exit_code : certify_status);
  }
  if (fuzz_status != 0) return fuzz_status;
  return ctx.exit_code != 0 ? ctx.exit_code : certify_status;
}
