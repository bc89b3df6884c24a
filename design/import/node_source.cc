#include "design/import/node_source.h"

#include <fmt/format.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>

#include "design/import/import.h"
#include "support/subprocess.h"
#include "support/text.h"

namespace sortkey::design_import {

namespace {

// $SORTKEY_IMPORT_NODE_SCRIPT; else the packages' copy beside the binary
// (bin/../share/sortkey/import/entities.mjs); else the source tree's, where
// the build found it.
std::string node_script_path() {
  if (const char* env = std::getenv("SORTKEY_IMPORT_NODE_SCRIPT"); env != nullptr && *env != 0) {
    return env;
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed =
        exe.parent_path() / ".." / "share" / "sortkey" / "import" / "entities.mjs";
    if (fs::is_regular_file(installed, ec)) return installed.lexically_normal().string();
  }
  return SORTKEY_IMPORT_NODE_SCRIPT;
}

// The child's last non-empty line of standard error: its one-line reason.
std::string node_last_line(const std::string& err) {
  std::size_t end = err.find_last_not_of("\r\n");
  if (end == std::string::npos) return "";
  const std::size_t start = err.rfind('\n', end);
  return err.substr(start == std::string::npos ? 0 : start + 1,
                    end - (start == std::string::npos ? 0 : start + 1) + 1);
}

}  // namespace

bool is_javascript_source(std::string_view path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".js" || ext == ".mjs" || ext == ".cjs";
}

Result<std::string> run_entity_script(const std::string& module) {
  using namespace std::chrono;
  const std::string shown = support::excerpt(module, 200);
  auto child = support::Child::spawn({.program = "node",
                                      .argv = {"node", node_script_path(), module},
                                      .search_path = true,
                                      .in = support::Stdio::kNull,
                                      .out = support::Stdio::kPipe,
                                      .err = support::Stdio::kPipe,
                                      .die_with_parent = true,
                                      .label = "node"});
  if (!child) return child.error();
  support::Child& c = **child;
  const auto deadline = steady_clock::now() + kNodeSourceTimeout;
  while (c.out_open() || c.err_open()) {
    if (steady_clock::now() > deadline) {
      c.stop(SIGKILL, milliseconds(0));
      return make_error(ErrorCode::kUnavailable, 0,
                        fmt::format("{}: the entity script took longer than {} s", shown,
                                    kNodeSourceTimeout.count()));
    }
    if (std::string why = c.pump(milliseconds(100)); !why.empty()) {
      c.stop(SIGKILL, milliseconds(0));
      return make_error(ErrorCode::kUnavailable, 0, fmt::format("{}: {}", shown, why));
    }
    if (c.out().size() > kMaxImportSourceBytes || c.err().size() > kMaxImportSourceBytes) {
      c.stop(SIGKILL, milliseconds(0));
      return make_error(ErrorCode::kBadLength, 0,
                        fmt::format("{}: the entity script wrote more than {} bytes", shown,
                                    kMaxImportSourceBytes));
    }
  }
  const support::Ended ended = c.stop(SIGTERM, seconds(5));
  if (ended.exit_code != 0) {
    std::string why = node_last_line(c.err());
    if (why.empty()) why = "the entity script " + ended.describe();
    return make_error(ErrorCode::kBadFormat, 0,
                      fmt::format("{}: {}", shown, support::excerpt(why, 400)));
  }
  return std::move(c.out());
}

}  // namespace sortkey::design_import
