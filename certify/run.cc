#include "certify/run.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>
#include <random>

#include "certify/failure_replay.h"
#include "certify/progress.h"
#include "certify/report.h"
#include "support/suggest.h"
#include "support/text.h"

namespace sortkey::certify {

// The defaults of a target that has nothing to add at that step.
const props::Catalog& Target::catalog() const {
  static const props::Catalog kEmpty;
  return kEmpty;
}
void Target::plan(const std::vector<const props::PropertyEntry*>&) {}
Result<void> Target::after_property(const props::PropertyEntry&, CertifiedProperty&) { return {}; }
Result<std::vector<CertifiedProperty>> Target::run_extra(const RunContext&) {
  return std::vector<CertifiedProperty>{};
}
nlohmann::json Target::failing_case(const std::string&) const { return nullptr; }
props::RunReport Target::replay_case(const props::PropertyEntry& entry, const nlohmann::json&,
                                     const props::RunSettings& settings) {
  props::RunReport r;
  r.id = entry.id();
  r.settings = settings;
  r.verdict = props::Verdict::kError;
  r.message = "this target keeps no failing cases as data";
  return r;
}
std::string Target::closing_notes(const Certification&) { return {}; }
std::vector<std::string> Target::close() { return {}; }
Result<void> Target::completed() const { return {}; }

namespace {

using support::emit;

bool selected(const props::PropertyEntry& entry, const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  const std::string id = entry.id();
  for (const std::string& f : filters) {
    if (id == f || entry.codec == f || (!f.empty() && f.back() == '/' && id.rfind(f, 0) == 0)) {
      return true;
    }
  }
  return false;
}

props::RunSettings settings_of(const RunOptions& options) {
  props::RunSettings settings;
  settings.cases = options.cases;
  if (options.seed) settings.seed = *options.seed;
  if (options.fresh_seed) {
    std::random_device rd;
    settings.seed = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }
  return settings;
}

// The certificate before any result: what is certified, how, on which corpus.
Certification empty_record(const Target& primary, const RunOptions& options,
                           const props::RunSettings& settings) {
  Certification cert;
  cert.suite_version = options.suite_version;
  cert.source_commit = options.source_commit;
  cert.target_kind = primary.kind();
  cert.target = primary.name();
  cert.seed = settings.seed;
  cert.cases = settings.cases;
  cert.started_at = support::utc_now();
  cert.corpus = options.corpus_dir;
  return cert;
}

Progress::Mode progress_mode(const RunOptions& options) {
  if (options.no_progress || options.quiet) return Progress::Mode::kNone;
  return isatty(STDERR_FILENO) ? Progress::Mode::kTerminal : Progress::Mode::kLog;
}

// The reports of the chosen properties from the batch runner, each said on
// the progress as it ends.
Result<std::vector<props::RunReport>> run_in_batch(const std::vector<ChosenProperty>& chosen,
                                                   const props::RunSettings& settings,
                                                   const RunOptions& options, Progress& progress) {
  const BatchProgress told{
      [&progress](const props::RunReport& r) { progress.finished(r); },
      [&progress](const std::vector<std::string>& ids) { progress.running(ids); }};
  return options.run_batch(chosen, settings, told);
}

// One property run in this process, the progress told now and then while it runs.
props::RunReport run_here(const ChosenProperty& c, const props::RunSettings& settings,
                          Progress::Mode mode, Progress& progress) {
  const std::string id = c.entry->id();
  progress.starting(id);
  const Ticker ticker(mode, [&progress, &id] { progress.running({id}); });
  return props::run_property(*c.entry, settings);
}

// Runs the chosen catalog properties into `cert`; an error when a target broke.
// A property during which its target broke has no verdict: it is not recorded.
// A property in `replayed` (its stored failure failed again) is not run: that
// report is its result.
Result<void> run_chosen(const std::vector<ChosenProperty>& chosen,
                        const props::RunSettings& settings, const RunOptions& options,
                        const std::map<std::string, props::RunReport>& replayed,
                        Certification& cert) {
  std::map<Target*, std::vector<const props::PropertyEntry*>> plans;
  for (const ChosenProperty& c : chosen) plans[c.target].push_back(c.entry);
  for (const auto& [target, entries] : plans) target->plan(entries);
  const Progress::Mode mode = progress_mode(options);
  Progress progress(mode, chosen.size(), options.progress_quiet);
  std::vector<ChosenProperty> fresh;
  for (const ChosenProperty& c : chosen) {
    if (replayed.count(c.entry->id()) == 0) fresh.push_back(c);
  }
  // A batch runner runs them all first, saying each as it ends; the loop
  // then takes its reports.
  std::vector<props::RunReport> batch;
  if (options.run_batch && !fresh.empty()) {
    auto all = run_in_batch(fresh, settings, options, progress);
    if (!all) return all.error();
    batch = std::move(*all);
  }
  std::size_t next = 0;  // the next report of the batch
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const ChosenProperty& c = chosen[i];
    const auto stored = replayed.find(c.entry->id());
    const bool from_store = stored != replayed.end();
    if (!from_store && options.run_batch && next >= batch.size()) {  // the batch stopped early
      cert.not_run = chosen.size() - i;
      break;
    }
    if (!from_store && !options.run_batch && options.claim && !options.claim(c.entry->id())) {
      continue;
    }
    props::RunReport run = from_store          ? stored->second
                           : options.run_batch ? std::move(batch[next++])
                                               : run_here(c, settings, mode, progress);
    if (const std::string args = c.target->replay_args(); !args.empty() && run.replay.empty()) {
      run.replay = fmt::format("{} {} --seed {} --cases {} --property {}", options.command, args,
                               settings.seed, settings.cases, run.id);
    }
    cert.properties.push_back({std::move(run), c.entry->codec, c.entry->statement, ""});
    if (auto ok = c.target->after_property(*c.entry, cert.properties.back()); !ok) {
      cert.properties.pop_back();
      return ok.error();
    }
    const CertifiedProperty& judged = cert.properties.back();
    if (!options.run_batch || from_store) progress.finished(judged.run);
    if (options.on_property) options.on_property(judged);
    const bool failed = judged.run.verdict != props::Verdict::kPassed;
    if (failed && options.fail_fast && i + 1 < chosen.size()) {
      cert.not_run = chosen.size() - i - 1;
      break;
    }
  }
  return {};
}

// Every target closed, its warnings on stderr.
void close_all(TargetList& targets, const RunOptions& options) {
  for (auto& t : targets) {
    for (const std::string& w : t->close())
      emit(stderr, fmt::format("{}: {}\n", options.command, w));
  }
}

// The closing notes, then every target closed; the first target that could
// not complete its run is the error.
// ", then the snapshot check of each codec": what the targets add after the catalogs.
std::string extra_plans(const TargetList& targets) {
  std::string out;
  for (const auto& t : targets) {
    if (const std::string plan = t->extra_plan(); !plan.empty()) out += ", then " + plan;
  }
  return out;
}

Result<void> finish(TargetList& targets, Certification& cert, const RunOptions& options) {
  for (auto& t : targets) {
    const std::string notes = t->closing_notes(cert);
    if (!options.quiet) emit(stdout, notes);
    if (nlohmann::json d = t->details(); !d.is_null()) cert.details = std::move(d);
  }
  close_all(targets, options);
  for (const auto& t : targets) {
    if (auto ok = t->completed(); !ok) return ok.error();
  }
  return {};
}

}  // namespace

Result<std::vector<ChosenProperty>> choose_properties(const TargetList& targets,
                                                      const std::vector<std::string>& filters) {
  std::vector<ChosenProperty> chosen;
  for (const auto& t : targets) {
    for (const auto& e : t->catalog().entries()) {
      if (selected(e, filters)) chosen.push_back({t.get(), &e});
    }
  }
  // Every filter must select something: a mistyped id is not a smaller run.
  for (const std::string& f : filters) {
    const auto matches = [&f](const ChosenProperty& c) { return selected(*c.entry, {f}); };
    if (std::any_of(chosen.begin(), chosen.end(), matches)) continue;
    // The nearest ids and groups, or the groups: not every id on one line.
    std::vector<std::string> names;
    std::vector<std::string> groups;
    for (const auto& t : targets) {
      for (const auto& e : t->catalog().entries()) {
        names.push_back(e.id());
        if (std::find(groups.begin(), groups.end(), e.codec) == groups.end()) {
          groups.push_back(e.codec);
        }
      }
    }
    names.insert(names.begin(), groups.begin(), groups.end());
    std::string hint = support::did_you_mean(f, names);
    if (hint.empty()) {
      hint = "the groups: ";
      for (std::size_t i = 0; i < groups.size(); ++i) hint += (i > 0 ? ", " : "") + groups[i];
    }
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("no property matches \"{}\"; {} (--list shows every id)",
                                  support::excerpt(f, 100), hint));
  }
  if (chosen.empty()) {
    return make_error(ErrorCode::kBadParameter, 0,
                      "no property matches the selection; `sortkey certify --list` shows them");
  }
  return chosen;
}

Certification run_certification(TargetList& targets, const RunOptions& options) {
  const props::RunSettings settings = settings_of(options);
  props::pin_rapidcheck_seed(settings.seed);
  Certification cert = empty_record(*targets.front(), options, settings);
  bool closed = false;
  // A run that cannot go on still closes its targets (an endpoint's tables
  // are deleted) before the reports say why it stopped.
  const auto stop = [&](const Error& e) {
    cert.stopped = e.message;
    // After the table (closed): its verdict line said how the properties
    // went, not that the run completed.
    if (closed && !options.quiet) {
      emit(stdout, fmt::format("NOT CERTIFIED: {}: {}\n", cert.target, e.message));
    }
    support::flush(stdout);
    if (!closed) close_all(targets, options);
    return cert;
  };
  if (!cert.corpus.empty()) {
    auto hash = corpus_digest(cert.corpus);
    if (!hash) return stop(hash.error());
    cert.corpus_hash = *hash;
  }
  auto chosen = choose_properties(targets, options.properties);
  if (!chosen) return stop(chosen.error());

  if (!options.quiet) {
    emit(stdout, fmt::format("{}: {}: {}, {} each{}, seed {}\n\n", options.command, cert.target,
                             support::quantity(chosen->size(), "property", "properties"),
                             support::quantity(static_cast<std::size_t>(settings.cases), "case"),
                             extra_plans(targets), settings.seed));
  }
  const auto start = std::chrono::steady_clock::now();
  std::optional<FailureStore> store;
  std::map<std::string, props::RunReport> replayed;
  if (!options.failures_dir.empty()) {
    auto opened = FailureStore::open(options.failures_dir, options.retire_after);
    if (!opened) return stop(opened.error());
    store = std::move(*opened);
    replayed = store->replay(*chosen, settings);
    if (const std::string lines = store->replay_lines(); !lines.empty() && !options.quiet) {
      emit(stdout, lines + "\n");
    }
  }
  if (auto ran = run_chosen(*chosen, settings, options, replayed, cert); !ran) {
    return stop(ran.error());
  }
  if (store) {
    for (CertifiedProperty& p : cert.properties) {
      if (p.note.empty() && replayed.count(p.run.id) > 0) p.note = store->note_for(p.run.id);
    }
  }
  const RunContext context{settings, cert.corpus, options.no_progress || options.quiet};
  for (auto& t : targets) {
    if (cert.not_run > 0) break;  // --fail-fast stopped the run
    auto extra = t->run_extra(context);
    if (!extra) return stop(extra.error());
    for (auto& p : *extra) cert.properties.push_back(std::move(p));
  }
  cert.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  print_table(cert, stdout, options.quiet);
  closed = true;
  if (store) {
    auto lines = store->update(cert, *chosen, options.command);
    cert.failure_store = store->record();
    if (!lines) return stop(lines.error());
    if (!options.quiet) emit(stdout, *lines);
  }
  if (auto done = finish(targets, cert, options); !done) return stop(done.error());
  support::flush(stdout);
  return cert;
}

}  // namespace sortkey::certify
