#include "certify/failure_replay.h"

#include <fmt/format.h>

#include <filesystem>
#include <set>
#include <system_error>

#include "certify/report.h"
#include "support/text.h"

namespace sortkey::certify {
namespace {

namespace fs = std::filesystem;

// A kind of target whose failures the store keeps: the codecs' catalogs,
// whose cases are the property's own. An endpoint judges its cases itself
// and keeps its own file (--known-divergences).
bool store_stored_kind(const std::string& kind) {
  return kind == "built-in" || kind == "adapter" || kind == "design";
}

std::string store_first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// The chosen entry of `f`'s property on a target of its kind (and of its
// key, for a target that keeps its cases as data), or nullptr.
const ChosenProperty* store_chosen_on(const std::vector<ChosenProperty>& chosen,
                                      const StoredFailure& f) {
  for (const ChosenProperty& c : chosen) {
    if (c.entry->id() != f.property || c.target->kind() != f.target_kind) continue;
    if (!f.failing_case.is_null() && c.target->store_key() != f.target) continue;
    return &c;
  }
  return nullptr;
}

Result<void> store_write_entry(const std::string& dir, const StoredFailure& f) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    return make_error(ErrorCode::kUnavailable, 0,
                      fmt::format("cannot create the failure store {}: {}", dir, ec.message()));
  }
  const fs::path path = fs::path(dir) / stored_failure_file(f);
  const std::string temp = path.string() + ".tmp";
  if (auto written = write_file(temp, stored_failure_text(f)); !written) return written.error();
  fs::rename(temp, path, ec);
  if (ec) {
    return make_error(ErrorCode::kUnavailable, 0,
                      fmt::format("cannot write {}: {}", path.string(), ec.message()));
  }
  return {};
}

// Whether a replayed entry of property `id` and key `key` failed again.
template <class Replayed>
bool store_failed_again(const std::vector<Replayed>& replayed, const std::string& id,
                        const std::string& key) {
  for (const Replayed& r : replayed) {
    if (r.entry.property == id && r.entry.target == key && r.verdict == props::Verdict::kFailed) {
      return true;
    }
  }
  return false;
}

Result<void> store_remove_entry(const std::string& dir, const StoredFailure& f) {
  std::error_code ec;
  const fs::path path = fs::path(dir) / stored_failure_file(f);
  fs::remove(path, ec);
  if (ec) {
    return make_error(ErrorCode::kUnavailable, 0,
                      fmt::format("cannot remove {}: {}", path.string(), ec.message()));
  }
  return {};
}

}  // namespace

std::string FailureStore::store_how(const Replayed& r) {
  return r.by_seed ? fmt::format("by seed {}", r.entry.seed) : std::string("its stored case");
}

nlohmann::json FailureStore::record() const {
  nlohmann::json replayed = nlohmann::json::array();
  int again = 0, passed = 0, not_replayed = 0;
  for (const Replayed& r : replayed_) {
    const bool failed = r.verdict == props::Verdict::kFailed;
    const bool ok = r.verdict == props::Verdict::kPassed;
    again += failed ? 1 : 0;
    passed += ok ? 1 : 0;
    not_replayed += failed || ok ? 0 : 1;
    nlohmann::json one = {{"property", r.entry.property},
                          {"file", r.file},
                          {"found_at", r.entry.found_at},
                          {"how", store_how(r)},
                          {"result", failed ? "failed again"
                                     : ok   ? "passed"
                                            : "not replayed"},
                          {"passes", r.entry.passes}};
    if (!ok) one["message"] = store_first_line(r.message);
    replayed.push_back(std::move(one));
  }
  return {{"dir", dir_},
          {"retire_after", retire_after_},
          {"replayed", replayed},
          {"stored", stored_},
          {"retired", retired_},
          {"counts",
           {{"replayed", replayed_.size()},
            {"failed_again", again},
            {"passed", passed},
            {"not_replayed", not_replayed},
            {"retired", retired_.size()},
            {"stored", stored_.size()}}}};
}

Result<FailureStore> FailureStore::open(const std::string& dir, int retire_after) {
  auto entries = read_failure_store(dir);
  if (!entries) return entries.error();
  FailureStore store;
  store.dir_ = dir;
  store.retire_after_ = retire_after < 1 ? 1 : retire_after;
  store.entries_ = std::move(*entries);
  return store;
}

std::map<std::string, props::RunReport> FailureStore::replay(
    const std::vector<ChosenProperty>& chosen, const props::RunSettings& settings) {
  std::map<std::string, props::RunReport> failed;
  for (const StoredFailure& entry : entries_) {
    const ChosenProperty* c = store_chosen_on(chosen, entry);
    if (c == nullptr) continue;
    Replayed r;
    r.entry = entry;
    r.file = stored_failure_file(entry);
    const bool as_data = !entry.failing_case.is_null();
    props::RunReport report = as_data
                                  ? c->target->replay_case(*c->entry, entry.failing_case, settings)
                                  : props::replay_property(*c->entry, settings, entry.reproduce);
    if (report.verdict == props::Verdict::kError && !as_data) {
      // The generators changed since: the run that found it, again.
      props::RunSettings original = settings;
      original.seed = entry.seed;
      original.cases = entry.cases;
      report = props::run_property(*c->entry, original);
      r.by_seed = true;
    }
    r.verdict = report.verdict;
    r.message = report.message;
    if (report.verdict == props::Verdict::kFailed) {
      report.replay = entry.replay;
      report.settings.seed = entry.seed;  // the case is the one that run found
      report.settings.cases = entry.cases;
      r.report = report;
      failed.emplace(entry.property, std::move(report));
    }
    replayed_.push_back(std::move(r));
  }
  return failed;
}

std::string FailureStore::replay_lines() const {
  if (replayed_.empty()) return {};
  std::string out = fmt::format("failure store {}: {} stored failure{} replayed first\n", dir_,
                                replayed_.size(), replayed_.size() == 1 ? "" : "s");
  for (const Replayed& r : replayed_) {
    const std::string how = store_how(r);
    if (r.verdict == props::Verdict::kFailed) {
      out += fmt::format("  {} FAILED again ({}, found {}): {}\n", r.entry.property, how,
                         r.entry.found_at, store_first_line(r.message));
    } else if (r.verdict == props::Verdict::kPassed) {
      out += fmt::format("  {} passed ({}; {} of {} passing runs retire it)\n", r.entry.property,
                         how, r.entry.passes + 1, retire_after_);
    } else {
      out += fmt::format("  {} could not be replayed ({}): {}\n", r.entry.property,
                         props::to_string(r.verdict), store_first_line(r.message));
    }
  }
  return out;
}

std::string FailureStore::note_for(const std::string& id) const {
  for (const Replayed& r : replayed_) {
    if (r.entry.property == id && r.verdict == props::Verdict::kFailed) {
      return fmt::format("failed again on the failure stored in {} (found {}, seed {})",
                         (fs::path(dir_) / r.file).string(), r.entry.found_at, r.entry.seed);
    }
  }
  return {};
}

Result<std::string> FailureStore::update(const Certification& cert,
                                         const std::vector<ChosenProperty>& chosen,
                                         const std::string& command) {
  int retired = 0, counted = 0, again = 0, saved = 0;
  std::string lines;
  std::set<std::string> kept;  // file names rewritten as failing again
  for (Replayed& r : replayed_) {
    if (r.verdict == props::Verdict::kFailed) {
      ++again;
      if (r.by_seed) {  // its case cannot be walked any more: the new one replaces it
        if (auto ok = store_remove_entry(dir_, r.entry); !ok) return ok.error();
        continue;
      }
      r.entry.passes = 0;
      if (auto ok = store_write_entry(dir_, r.entry); !ok) return ok.error();
      kept.insert(r.file);
    } else if (r.verdict == props::Verdict::kPassed) {
      r.entry.passes += 1;
      if (r.entry.passes >= retire_after_) {
        if (auto ok = store_remove_entry(dir_, r.entry); !ok) return ok.error();
        ++retired;
        retired_.push_back(
            {{"property", r.entry.property}, {"file", r.file}, {"passes", r.entry.passes}});
        lines +=
            fmt::format("  retired {} ({}): its replay passed {} run{} in a row\n",
                        r.entry.property, r.file, r.entry.passes, r.entry.passes == 1 ? "" : "s");
      } else {
        if (auto ok = store_write_entry(dir_, r.entry); !ok) return ok.error();
        ++counted;
      }
    }
  }
  for (const CertifiedProperty& p : cert.properties) {
    if (!p.group.empty() || p.run.verdict != props::Verdict::kFailed) continue;
    const ChosenProperty* c = nullptr;
    for (const ChosenProperty& each : chosen) {
      if (each.entry->id() == p.run.id && store_stored_kind(each.target->kind())) c = &each;
    }
    if (c == nullptr) continue;
    const std::string key = c->target->store_key();
    nlohmann::json failing_case;
    if (!key.empty()) {
      // Its result is the stored case failing again: that entry is kept.
      if (store_failed_again(replayed_, p.run.id, key)) continue;
      failing_case = c->target->failing_case(p.run.id);
      if (failing_case.is_null()) continue;
    } else if (p.run.reproduce.empty()) {
      continue;
    }
    StoredFailure f{c->target->kind(),
                    key.empty() ? c->target->name() : key,
                    p.run.id,
                    p.run.settings.seed,
                    p.run.settings.cases,
                    key.empty() ? p.run.reproduce : std::string(),
                    p.run.message,
                    p.run.counterexample,
                    p.run.replay.empty() ? props::replay_command(p.run) : p.run.replay,
                    support::utc_now(),
                    0,
                    failing_case};
    if (f.replay.rfind("sortkey certify", 0) == 0 && command != "sortkey certify") {
      f.replay.replace(0, 15, command);
    }
    if (kept.count(stored_failure_file(f)) > 0) continue;
    if (auto ok = store_write_entry(dir_, f); !ok) return ok.error();
    ++saved;
    stored_.push_back({{"property", p.run.id}, {"file", stored_failure_file(f)}});
    lines += fmt::format("  stored {}: {}\n", p.run.id,
                         (fs::path(dir_) / stored_failure_file(f)).string());
  }
  if (replayed_.empty() && saved == 0) return std::string{};
  return fmt::format(
             "failure store {}: {} new failure{} stored, {} failed again, {} passed and counted, "
             "{} retired\n",
             dir_, saved, saved == 1 ? "" : "s", again, counted, retired) +
         lines;
}

}  // namespace sortkey::certify
