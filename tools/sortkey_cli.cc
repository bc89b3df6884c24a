// The `sortkey` command: a thin client of the library and the property
// catalog.
//
//   sortkey encode <codec> [options] VALUE...   one key per line
//   sortkey decode <codec> [options] KEY...     one value per line
//   sortkey certify [options]                   the certification (main job; certify_command.h)
//   sortkey fuzz [options]                      the libFuzzer campaign (fuzz_command.h)
//
// Built with -DSORTKEY_BUILD_CERTIFIER=OFF, only the codec commands are there.
//
// Exit status: 0 success; 1 an input was rejected or a property failed;
// 2 usage error or the job could not run.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "codec_commands.h"
#include "codecs/id_commands.h"
#if SORTKEY_WITH_CERTIFIER
#include "certify_command.h"
#include "fuzz_command.h"
#endif

int main(int argc, char** argv) {
  CLI::App app{"sortkey: DynamoDB sort-key codecs and the properties that prove them"};
  app.require_subcommand(1);
  app.set_version_flag(
      "--version",
      std::string("sortkey " SORTKEY_VERSION) +
          (std::string_view(SORTKEY_COMMIT).empty() ? "" : " (commit " SORTKEY_COMMIT ")"));

  sortkey::cli::Context ctx;
  CLI::App* encode = app.add_subcommand("encode", "encode values into sort-key fragments");
  CLI::App* decode = app.add_subcommand("decode", "decode sort-key fragments back into values");
  encode->require_subcommand(1);
  decode->require_subcommand(1);
  sortkey::cli::add_codec_commands(*encode, *decode, ctx);
  sortkey::cli::add_id_commands(app, ctx);
  sortkey::cli::add_query_command(app, ctx);

  int certify_status = 0;
  int fuzz_status = 0;
#if SORTKEY_WITH_CERTIFIER
  sortkey::cli::add_certify_command(app, &certify_status);
  sortkey::cli::add_fuzz_command(app, &fuzz_status);
#endif

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    fmt::print(stderr, "sortkey: {}\nRun with --help for more information.\n", e.what());
    return 2;
  }
  if (fuzz_status != 0) return fuzz_status;
  return ctx.exit_code != 0 ? ctx.exit_code : certify_status;
}
