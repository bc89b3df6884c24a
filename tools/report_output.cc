#include "tools/report_output.h"

#include <unistd.h>

#include <cstdio>

namespace sortkey::cli {

void move_run_output_for_report(certify::ReportPaths& paths) {
  if (!certify::report_on_stdout(paths)) return;
  std::fflush(stdout);
  const int report_fd = dup(STDOUT_FILENO);
  if (report_fd < 0) return;
  std::FILE* report = fdopen(report_fd, "w");
  if (report == nullptr || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    if (report != nullptr) std::fclose(report);
    return;
  }
  paths.standard_output = report;
}

}  // namespace sortkey::cli
