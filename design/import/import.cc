#include "design/import/import.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>

#include "design/import/node_source.h"
#include "design/import/workbench.h"
#include "design/load.h"
#include "support/files.h"
#include "support/json_input.h"
#include "support/text.h"

namespace sortkey::design_import {

namespace {

Result<std::string> import_read_stdin() {
  std::string text;
  char buffer[65536];
  while (true) {
    const std::size_t n = std::fread(buffer, 1, sizeof buffer, stdin);
    text.append(buffer, n);
    if (text.size() > kMaxImportSourceBytes) {
      return make_error(ErrorCode::kBadLength, 0,
                        fmt::format("-: larger than {} bytes", kMaxImportSourceBytes));
    }
    if (n < sizeof buffer) break;
  }
  if (std::ferror(stdin))
    return make_error(ErrorCode::kUnavailable, 0, "-: cannot read standard input");
  return text;
}

// A library whose entities the Node.js script reads (node/entities.mjs).
bool is_entity_library(std::string_view from) {
  return from == "electrodb" || from == "onetable" || from == "dynamodb-toolbox";
}

std::string import_shown(const std::string& source) {
  return source == "-" ? "standard input" : support::excerpt(source, 200);
}

}  // namespace

Result<std::string> import_design_text(std::string_view text, const ImportOptions& options) {
  const std::string shown = import_shown(options.source);
  if (!options.from.empty() && options.from != "workbench" && !is_entity_library(options.from)) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("--from {}: not supported yet (workbench, electrodb, onetable and "
                    "dynamodb-toolbox are)",
                    support::excerpt(options.from, 40)));
  }
  auto model = support::parse_json(text, shown);
  if (!model) return model.error();
  if (!is_workbench_model(*model)) {
    return make_error(ErrorCode::kBadFormat, 0,
                      fmt::format("{}: not a NoSQL Workbench model (no DataModel)", shown));
  }
  const std::string stem = options.source == "-"
                               ? std::string("imported")
                               : std::filesystem::path(options.source).stem().string();
  auto design = import_workbench(
      *model, options.table, stem,
      is_entity_library(options.from) ? "JavaScript entity definitions" : "NoSQL Workbench model");
  if (!design) {
    return make_error(design.error().code, 0, fmt::format("{}: {}", shown, design.error().message));
  }
  std::string yaml = write_design_yaml(*design);
  // The last guard: a model the readers above let through but whose design
  // does not load is refused here, never written.
  if (auto loaded = design::load_design_text(yaml, "the imported design"); !loaded) {
    return make_error(ErrorCode::kBadFormat, 0,
                      fmt::format("{}: the design imported from it does not load: {}", shown,
                                  loaded.error().message));
  }
  return yaml;
}

int import_design(const ImportOptions& options) {
  const auto fail = [](const std::string& why) {
    fmt::print(stderr, "sortkey design import: {}\n", why);
    return 2;
  };
  ImportOptions o = options;
  // The entity script tells ElectroDB, OneTable and dynamodb-toolbox apart itself.
  if (o.from.empty() && is_javascript_source(o.source)) o.from = "electrodb";
  Result<std::string> text = std::string();
  if (is_entity_library(o.from)) {
    if (o.source == "-")
      return fail("--from " + o.from + " reads a module file, not standard input");
    text = run_entity_script(o.source);
    if (!text) return fail(text.error().message);
  } else {
    text = o.source == "-" ? import_read_stdin()
                           : support::read_file_within(o.source, kMaxImportSourceBytes);
    if (!text) return fail("cannot read " + text.error().message);
  }
  auto yaml = import_design_text(*text, o);
  if (!yaml) return fail(yaml.error().message);
  if (options.output == "-") {
    support::emit(stdout, *yaml);
    support::flush(stdout);
    return 0;
  }
  if (auto ok = support::write_file_atomically(options.output, *yaml); !ok) {
    return fail(ok.error().message);
  }
  fmt::print(stderr, "sortkey design import: wrote {}; check it with: sortkey design check {}\n",
             support::excerpt(options.output, 200), support::shell_quote(options.output));
  return 0;
}

}  // namespace sortkey::design_import
