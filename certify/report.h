// File: certify/report.h
//
// The record of one certification and the four ways it is read: the terminal
// table a person reads, the JSON certificate an auditor keeps, the JUnit XML a
// CI system shows per test, and the Markdown of a CI job summary. Every
// source of results (the built-in catalog, an external codec adapter, a
// DynamoDB-compatible endpoint, a fuzz campaign) hands its results over as
// props::RunReport, so all of them print the same way.
//
// Example:
//   Certification c = ...;           // filled by `sortkey certify`
//   print_table(c, stdout);
//   write_file("cert.json", certificate_json(c).dump(2) + "\n");
//
// The certificate carries its digest (digest.h), which verify_certificate()
// recomputes.

#ifndef SORTKEY_CERTIFY_REPORT_H_
#define SORTKEY_CERTIFY_REPORT_H_

#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "certify/digest.h"
#include "certify/record.h"
#include "sortkey/error.h"

namespace sortkey::certify {

// The table, the failures in full, and the verdict line; `quiet`: no table.
void print_table(const Certification& c, std::FILE* out, bool quiet = false);

// The certificate: suite version, target, seed, every property (cases, seed,
// result, time, replay, counterexample), corpus hash and digest.
nlohmann::json certificate_json(const Certification& c);

// JUnit XML: one <testcase> per property with its seed, cases, statement and
// replay command as <properties>, and the counterexample inside <failure>.
std::string junit_xml(const Certification& c);

// Markdown for a CI job summary: verdict, table, failures in detail.
std::string markdown(const Certification& c);

// SHA-256 over every regular file below `dir`, in path order: the hex digest
// of lines "<relative path> <sha256 of content>\n". Errors name the path.
Result<std::string> corpus_digest(const std::string& dir);

// Writes `text` to `path`; the error names the path.
Result<void> write_file(const std::string& path, std::string_view text);

// Appends `markdown` to the file named by $GITHUB_STEP_SUMMARY, when that is
// set (a GitHub Actions job summary). The error names the file.
Result<void> append_step_summary(std::string_view markdown);

// Where `sortkey certify` writes its reports; "" for one not asked for, "-"
// for standard output (one report at most).
struct ReportPaths {
  std::string json;      // the JSON certificate
  std::string junit;     // JUnit XML
  std::string markdown;  // Markdown
  std::string sign_key;  // an Ed25519 private key (PEM) that signs the certificate's digest
  // Where the report on "-" goes: standard output, or the stream the command
  // kept for it when it moved its own output to standard error.
  std::FILE* standard_output = stdout;
};

// Whether a report of `paths` goes to standard output ("-").
bool report_on_stdout(const ReportPaths& paths);

// Writes the reports asked for, and appends the Markdown to the file named by
// $GITHUB_STEP_SUMMARY when that is set. Errors: "cannot write the report: ..."
// naming the file, or "... to standard output: <why>" (a reader that went
// away is no error: it wants no more).
Result<void> write_reports(const ReportPaths& paths, const Certification& c);

// What write_reports() needs, checked before a run so that a bad path or key
// does not lose a whole run's results: the --sign key signs (a probe
// message), and each report's folder takes a new file as write_reports()
// writes it (a temporary file beside it, removed at once); a report path
// that is a folder is refused; standard output takes one report. Errors:
// "cannot sign the certificate: ...", "cannot write <path>: <why>", "only one
// report can go to standard output".
Result<void> check_report_paths(const ReportPaths& paths);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_REPORT_H_
