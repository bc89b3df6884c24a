#include "certify/report.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "certify/signature.h"
#include "support/color.h"
#include "support/files.h"
#include "support/text.h"

namespace sortkey::certify {
namespace {

using support::emit;
using support::md_cell;

using props::RunReport;
using props::Verdict;

std::string failure_text(const RunReport& r) { return props::describe_failure(r); }

// XML 1.0 text: the five entities escaped, and control bytes other than tab,
// newline and return (which XML cannot carry at all) shown as \xNN.
std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (c < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') {
          out += fmt::format("\\x{:02x}", c);
        } else {
          out += ch;
        }
    }
  }
  return out;
}

// "passed", "failed", "gave up", or "not explored".
std::string result_text(const CertifiedProperty& p) {
  return p.not_explored ? "not explored" : props::to_string(p.run.verdict);
}

nlohmann::json property_json(const CertifiedProperty& p) {
  const RunReport& r = p.run;
  nlohmann::json j = {
      {"id", r.id},
      {"codec", p.codec},
      {"statement", p.statement},
      {"result", result_text(p)},
      {"cases", r.cases},
      {"seed", r.settings.seed},
      {"seconds", r.seconds},
      {"replay", props::replay_command(r)},
  };
  if (r.verdict != Verdict::kPassed) {
    j["message"] = r.message;
    nlohmann::json ce = nlohmann::json::array();
    for (const auto& [type, value] : r.counterexample)
      ce.push_back({{"type", type}, {"value", value}});
    j["counterexample"] = ce;
    j["shrinks"] = r.shrinks;
    if (r.verdict == Verdict::kFailed) j["seconds_to_failure"] = r.seconds_to_failure;
    if (!r.reproduce.empty()) j["rc_params"] = r.reproduce;
  }
  nlohmann::json dist = nlohmann::json::object();
  for (const auto& [tags, count] : r.distribution) dist[tags] = count;
  j["distribution"] = dist;
  if (!p.note.empty()) j["note"] = p.note;
  if (!p.divergences.empty()) j["divergences"] = p.divergences;
  if (!p.unknown_outcomes.is_null()) j["unknown_outcomes"] = p.unknown_outcomes;
  if (!p.source.is_null()) j["source"] = p.source;
  return j;
}

// Each distinct divergence once, under the property that met it first.
std::vector<const nlohmann::json*> distinct_divergences(const Certification& c) {
  std::vector<const nlohmann::json*> out;
  for (const auto& p : c.properties) {
    for (const auto& d : p.divergences) {
      if (d.value("first_property", std::string()) == p.run.id) out.push_back(&d);
    }
  }
  return out;
}

int divergence_total(const Certification& c, const std::string& id) {
  int n = 0;
  for (const auto& p : c.properties) {
    for (const auto& d : p.divergences) {
      if (d.value("id", std::string()) == id) n += d.value("count", 0);
    }
  }
  return n;
}

// "a+b" for a divergence an unsettled rule explains (its "unsettled" array
// of {"rule", ...}), else "".
std::string unsettled_rules(const nlohmann::json& d) {
  const nlohmann::json u = d.value("unsettled", nlohmann::json());
  if (!u.is_array()) return "";
  std::string out;
  for (const auto& r : u) {
    if (!r.is_object()) continue;
    if (!out.empty()) out += '+';
    out += r.value("rule", std::string("?"));
  }
  return out;
}

std::string signature_line(const nlohmann::json& d) {
  const nlohmann::json s = d.value("signature", nlohmann::json::object());
  std::string out;
  for (const char* f : {"operation", "outcome", "error", "message", "feature", "values"}) {
    const std::string v = s.value(f, std::string());
    if (v.empty()) continue;
    if (!out.empty()) out.append("; ");
    out.append(v);
  }
  return out;
}

// ", 5 of 7 properties not explored", or "".
std::string not_explored_note(const Certification& c) {
  if (c.not_explored() == 0) return {};
  return fmt::format(", {} of {} properties not explored (the run could not be completed)",
                     c.not_explored(), c.properties.size());
}

// The table: one row per result.
void print_rows(const Certification& c, std::FILE* out) {
  std::size_t width = 34;
  for (const auto& p : c.properties) width = std::max(width, p.run.id.size());
  emit(out,
       fmt::format("{:<{}} {:>9}  {:<8} {:>8}\n", "property", width, "cases", "result", "time"));
  emit(out, fmt::format("{:-<{}} {:->9}  {:-<8} {:->8}\n", "", width, "", "", ""));
  for (const auto& p : c.properties) {
    // The word coloured, its padding not: the escapes take no column.
    const std::string word = result_text(p);
    const support::Paint tone = p.run.verdict == props::Verdict::kPassed   ? support::Paint::kGood
                                : p.run.verdict == props::Verdict::kFailed ? support::Paint::kBad
                                                                           : support::Paint::kWarn;
    emit(out, fmt::format("{:<{}} {:>9}  {}{:<{}} {:>7.2f}s\n", p.run.id, width, p.run.cases,
                          support::paint(out, tone, word), "",
                          word.size() < 8 ? 8 - word.size() : 0, p.run.seconds));
  }
  emit(out, "\n");
}

// ", 59 properties not run (--fail-fast)", or "".
std::string not_run_note(const Certification& c) {
  if (c.not_run == 0) return {};
  return fmt::format(", {} not run (--fail-fast)",
                     support::quantity(c.not_run, "property", "properties"));
}

// The failure store's part of the Markdown: what was replayed, stored and
// retired (FailureStore::record()); "" without a store.
std::string store_markdown(const nlohmann::json& store) {
  if (!store.is_object()) return {};
  const nlohmann::json counts = store.value("counts", nlohmann::json::object());
  std::string out = fmt::format(
      "\n### Failure store\n\n`{}`: {} stored failure{} replayed first ({} failed again, {} "
      "passed, {} not replayed), {} retired after {} passing run{} in a row, {} new stored\n",
      md_cell(store.value("dir", std::string())), counts.value("replayed", 0),
      counts.value("replayed", 0) == 1 ? "" : "s", counts.value("failed_again", 0),
      counts.value("passed", 0), counts.value("not_replayed", 0), counts.value("retired", 0),
      store.value("retire_after", 0), store.value("retire_after", 0) == 1 ? "" : "s",
      counts.value("stored", 0));
  const nlohmann::json none = nlohmann::json::array();
  const nlohmann::json& replayed = store.contains("replayed") ? store["replayed"] : none;
  const nlohmann::json& retired = store.contains("retired") ? store["retired"] : none;
  const nlohmann::json& stored = store.contains("stored") ? store["stored"] : none;
  if (replayed.empty() && retired.empty() && stored.empty()) return out;
  out += "\n| property | store file | what happened |\n| --- | --- | --- |\n";
  for (const auto& r : replayed) {
    out += fmt::format(
        "| `{}` | `{}` | replayed ({}): {} |\n", md_cell(r.value("property", std::string())),
        md_cell(r.value("file", std::string())), md_cell(r.value("how", std::string())),
        md_cell(r.value("result", std::string())));
  }
  for (const auto& r : retired) {
    out += fmt::format("| `{}` | `{}` | retired: its replay passed {} runs in a row |\n",
                       md_cell(r.value("property", std::string())),
                       md_cell(r.value("file", std::string())), r.value("passes", 0));
  }
  for (const auto& r : stored) {
    out += fmt::format("| `{}` | `{}` | stored: a new failure |\n",
                       md_cell(r.value("property", std::string())),
                       md_cell(r.value("file", std::string())));
  }
  return out;
}

}  // namespace

void print_table(const Certification& c, std::FILE* out, bool quiet) {
  if (!quiet) print_rows(c, out);
  for (const auto& p : c.properties) {
    if (!p.note.empty()) emit(out, fmt::format("{}: {}\n", p.run.id, p.note));
  }
  if (const auto all = distinct_divergences(c); !all.empty()) {
    emit(out,
         fmt::format("{}divergences: {} distinct\n", c.properties.empty() ? "" : "\n", all.size()));
    for (const nlohmann::json* d : all) {
      const std::string id = d->value("id", std::string());
      const nlohmann::json known = d->value("known", nlohmann::json());
      const std::string unsettled = unsettled_rules(*d);
      emit(out, fmt::format("  {} {:>5}x {}{}\n", id, divergence_total(c, id), signature_line(*d),
                            known.is_string()    ? " [known: " + known.get<std::string>() + "]"
                            : !unsettled.empty() ? " [unsettled: " + unsettled + "]"
                                                 : ""));
    }
    emit(out, "\n");
  }
  for (const auto& p : c.properties) {
    if (p.not_explored) {
      emit(out, fmt::format("{} not explored: {}\n\n", p.run.id, p.run.message));
    } else if (p.run.verdict != Verdict::kPassed) {
      emit(out, fmt::format("{}\n", failure_text(p.run)));
    }
  }
  if (c.certified()) {
    emit(out, fmt::format("{}: {}: {} passed in {:.1f}s (seed {})\n",
                          support::paint(out, support::Paint::kGood, "CERTIFIED"), c.target,
                          c.tally(false), c.seconds, c.seed));
  } else {
    const std::string failed = c.failed() == 0 && c.not_explored() > 0
                                   ? not_explored_note(c).substr(2)
                                   : c.tally(true) + " failed" + not_explored_note(c);
    emit(out, fmt::format("{}: {}: {}{} (seed {})\n",
                          support::paint(out, support::Paint::kBad, "NOT CERTIFIED"), c.target,
                          failed, not_run_note(c), c.seed));
  }
}

nlohmann::json certificate_json(const Certification& c) {
  nlohmann::json j = {
      {"format", "sortkey-certificate/1"},
      {"tool", "sortkey certify"},
      {"suite_version", c.suite_version},
      {"source_commit",
       c.source_commit.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.source_commit)},
      {"target", {{"kind", c.target_kind}, {"name", c.target}}},
      {"seed", c.seed},
      {"cases", c.cases},
      {"started_at", c.started_at},
      {"seconds", c.seconds},
      {"certified", c.certified()},
      // Why the run could not be completed; null when it ran to its end.
      {"stopped", c.stopped.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.stopped)},
      {"not_run", c.not_run},
      {"passed", c.properties.size() - c.failed() - c.not_explored()},
      {"failed", c.failed()},
      {"not_explored", c.not_explored()},
      // null: no corpus was given, so none is vouched for.
      {"corpus", c.corpus.empty() ? nlohmann::json(nullptr)
                                  : nlohmann::json{{"path", c.corpus}, {"sha256", c.corpus_hash}}},
      {"properties", nlohmann::json::array()},
  };
  for (const auto& p : c.properties) j["properties"].push_back(property_json(p));
  if (!c.failure_store.is_null()) j["failure_store"] = c.failure_store;
  if (!c.details.is_null()) j["target"]["run"] = c.details;
  j["digest"] = {{"algorithm", "sha256"}, {"value", certificate_digest(j)}};
  return j;
}

std::string junit_xml(const Certification& c) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  const std::size_t failures = c.failed();
  const std::size_t errors = c.stopped.empty() ? 0 : 1;  // the run itself, as one more test case
  const std::size_t tests = c.properties.size() + errors;
  out += fmt::format(
      "<testsuites name=\"sortkey certify\" tests=\"{}\" failures=\"{}\" errors=\"{}\" "
      "time=\"{:.3f}\">\n",
      tests, failures, errors, c.seconds);
  out += fmt::format(
      "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\" "
      "time=\"{:.3f}\" "
      "timestamp=\"{}\">\n",
      xml_escape(c.target), tests, failures, errors, c.seconds, xml_escape(c.started_at));
  out += "    <properties>\n";
  const auto property = [&out](std::string_view indent, std::string_view name,
                               std::string_view value) {
    out += fmt::format("{}<property name=\"{}\" value=\"{}\"/>\n", indent, name, xml_escape(value));
  };
  property("      ", "suite_version", c.suite_version);
  property("      ", "source_commit", c.source_commit);
  property("      ", "target_kind", c.target_kind);
  property("      ", "seed", std::to_string(c.seed));
  property("      ", "cases", std::to_string(c.cases));
  property("      ", "corpus_sha256", c.corpus_hash);
  out += "    </properties>\n";
  for (const auto& p : c.properties) {
    const RunReport& r = p.run;
    out += fmt::format("    <testcase classname=\"sortkey.{}\" name=\"{}\" time=\"{:.3f}\">\n",
                       xml_escape(p.codec), xml_escape(r.id), r.seconds);
    out += "      <properties>\n";
    property("        ", "statement", p.statement);
    property("        ", "seed", std::to_string(r.settings.seed));
    property("        ", "cases", std::to_string(r.cases));
    property("        ", "replay", props::replay_command(r));
    if (!p.note.empty()) property("        ", "note", p.note);
    if (!r.reproduce.empty()) property("        ", "rc_params", r.reproduce);
    for (const auto& [type, value] : r.counterexample)
      property("        ", "counterexample", type + " = " + value);
    out += "      </properties>\n";
    if (r.verdict != Verdict::kPassed) {
      out += fmt::format("      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
                         props::to_string(r.verdict), xml_escape(r.message),
                         xml_escape(failure_text(r)));
    }
    out += "    </testcase>\n";
  }
  if (!c.stopped.empty()) {
    out += "    <testcase classname=\"sortkey.certify\" name=\"certify/run\" time=\"0\">\n";
    out += fmt::format("      <error type=\"could not run\" message=\"{}\">{}</error>\n",
                       xml_escape(c.stopped), xml_escape(c.stopped));
    out += "    </testcase>\n";
  }
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

std::string markdown(const Certification& c) {
  std::string out =
      fmt::format("## sortkey {}: {}\n\n", c.target_kind == "design" ? "design check" : "certify",
                  c.certified() ? "CERTIFIED" : "NOT CERTIFIED");
  out += fmt::format("- target: {} ({})\n- suite version: {}\n- seed: `{}`, {} per property\n",
                     c.target, c.target_kind, c.suite_version, c.seed,
                     support::quantity(static_cast<std::size_t>(c.cases), "case"));
  out += fmt::format("- {} passed in {:.1f}s{}\n", c.tally(false), c.seconds, not_run_note(c));
  if (!c.stopped.empty())
    out += fmt::format("- **the run could not be completed:** {}\n", c.stopped);
  if (!c.corpus_hash.empty()) {
    out += fmt::format("- corpus sha256: `{}`\n", c.corpus_hash);
  } else {
    out += "- corpus: none given (`--corpus DIR` hashes one into the certificate)\n";
  }
  out += "\n| property | cases | result | time |\n| --- | ---: | --- | ---: |\n";
  for (const auto& p : c.properties) {
    const bool ok = p.run.verdict == Verdict::kPassed;
    out += fmt::format(
        "| `{}` | {} | {}{} | {:.2f}s |\n", md_cell(p.run.id), p.run.cases, ok ? "" : "**",
        std::string(props::to_string(p.run.verdict)) + (ok ? "" : "**"), p.run.seconds);
  }
  if (const auto all = distinct_divergences(c); !all.empty()) {
    out +=
        "\n### Divergences\n\n| id | count | signature | known entry |\n| --- | ---: | --- | --- "
        "|\n";
    for (const nlohmann::json* d : all) {
      const std::string id = d->value("id", std::string());
      const nlohmann::json known = d->value("known", nlohmann::json());
      const std::string unsettled = unsettled_rules(*d);
      const std::string entry =
          known.is_string()    ? fmt::format("`{}`", md_cell(known.get<std::string>()))
          : !unsettled.empty() ? fmt::format("unsettled: `{}`", md_cell(unsettled))
                               : "**new**";
      out += fmt::format("| `{}` | {} | {} | {} |\n", md_cell(id), divergence_total(c, id),
                         md_cell(signature_line(*d)), entry);
    }
  }
  out += store_markdown(c.failure_store);
  if (c.failed() > 0) {
    out += "\n### Failures\n";
    for (const auto& p : c.properties) {
      if (p.run.verdict == Verdict::kPassed) continue;
      out += fmt::format("\n#### `{}`\n\n{}\n\n```\n{}```\n", md_cell(p.run.id), p.statement,
                         failure_text(p.run));
    }
  }
  return out;
}

Result<std::string> corpus_digest(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("corpus directory {} does not exist", dir));
  }
  std::vector<std::string> paths;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec))
      paths.push_back(fs::relative(it->path(), dir, ec).generic_string());
  }
  if (ec)
    return make_error(ErrorCode::kUnavailable, 0,
                      fmt::format("cannot list {}: {}", dir, ec.message()));
  std::sort(paths.begin(), paths.end());
  std::string listing;
  for (const std::string& rel : paths) {
    std::ifstream in(fs::path(dir) / rel, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      return make_error(ErrorCode::kUnavailable, 0, fmt::format("cannot read {}/{}", dir, rel));
    }
    listing += rel + " " + sha256_hex(content) + "\n";
  }
  return sha256_hex(listing);
}

Result<void> write_file(const std::string& path, std::string_view text) {
  return support::write_file_atomically(path, text);
}

Result<void> append_step_summary(std::string_view markdown) {
  const char* summary = std::getenv("GITHUB_STEP_SUMMARY");
  if (summary == nullptr || *summary == '\0') return {};
  std::ofstream out(summary, std::ios::binary | std::ios::app);
  out.write(markdown.data(), static_cast<std::streamsize>(markdown.size()));
  out.close();
  if (!out) {
    return make_error(
        ErrorCode::kUnavailable, 0,
        fmt::format("cannot append the summary to $GITHUB_STEP_SUMMARY ({})", summary));
  }
  return {};
}

bool report_on_stdout(const ReportPaths& paths) {
  return paths.json == "-" || paths.junit == "-" || paths.markdown == "-";
}

Result<void> check_report_paths(const ReportPaths& paths) {
  if ((paths.json == "-") + (paths.junit == "-") + (paths.markdown == "-") > 1) {
    return make_error(ErrorCode::kBadParameter, 0,
                      "only one report can go to standard output (-): write the others to files");
  }
  if (!paths.sign_key.empty()) {
    if (auto signature = sign_ed25519(paths.sign_key, "sortkey: a probe of the signing key");
        !signature) {
      return make_error(signature.error().code, 0,
                        "cannot sign the certificate: " + signature.error().message);
    }
  }
  for (const std::string* path : {&paths.json, &paths.junit, &paths.markdown}) {
    if (path->empty() || *path == "-") continue;
    const auto fail = [&](const std::string& why) {
      return make_error(ErrorCode::kUnavailable, 0, fmt::format("cannot write {}: {}", *path, why));
    };
    std::error_code ec;
    if (std::filesystem::is_directory(*path, ec)) return fail("it is a directory");
    std::string folder = std::filesystem::path(*path).parent_path().string();
    if (folder.empty()) folder = ".";
    std::string probe = folder + "/.sortkey-probe-XXXXXX";
    const int fd = mkstemp(probe.data());
    if (fd < 0) return fail(std::strerror(errno));
    close(fd);
    std::remove(probe.c_str());
  }
  return {};
}

namespace {

// A report on standard output: its reader gone (EPIPE) wants no more, and is
// no error; any other failure (a full disk) is.
Result<void> write_report_to_stdout(std::FILE* out, std::string_view text) {
  errno = 0;
  const bool wrote = std::fwrite(text.data(), 1, text.size(), out) == text.size();
  if (wrote && std::fflush(out) == 0) return {};
  const int error = errno;
  if (error == EPIPE) return {};
  return make_error(ErrorCode::kUnavailable, 0,
                    fmt::format("cannot write the report to standard output: {}",
                                error != 0 ? std::strerror(error) : "the write failed"));
}

}  // namespace

Result<void> write_reports(const ReportPaths& paths, const Certification& c) {
  std::vector<std::pair<std::string, std::string>> files;
  if (!paths.json.empty()) {
    nlohmann::json certificate = certificate_json(c);
    if (!paths.sign_key.empty()) {
      auto signature =
          sign_ed25519(paths.sign_key, certificate["digest"]["value"].get<std::string>());
      if (!signature) {
        return make_error(signature.error().code, 0,
                          "cannot sign the certificate: " + signature.error().message);
      }
      certificate["signature"] = {{"algorithm", "ed25519"}, {"value", *signature}};
    }
    // As the digest reads it (digest.cc): text that is not UTF-8 must never
    // stop the report from being written.
    files.emplace_back(
        paths.json,
        certificate.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  }
  if (!paths.junit.empty()) files.emplace_back(paths.junit, junit_xml(c));
  if (!paths.markdown.empty()) files.emplace_back(paths.markdown, markdown(c));
  if (auto appended = append_step_summary(markdown(c)); !appended) return appended.error();
  for (const auto& [path, text] : files) {
    if (path == "-") {
      if (auto written = write_report_to_stdout(paths.standard_output, text); !written)
        return written;
      continue;
    }
    if (auto written = write_file(path, text); !written) {
      return make_error(written.error().code, 0,
                        "cannot write the report: " + written.error().message);
    }
  }
  return {};
}

}  // namespace sortkey::certify
