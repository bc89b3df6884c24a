// File: certify/target.h
//
// What `sortkey certify` certifies. A Target is one source of results: the
// built-in codecs, an external codec behind an adapter, a DynamoDB-compatible
// endpoint, a libFuzzer campaign. The run loop (run.h) treats them all
// alike: it runs the properties of each target's catalog, then asks each for
// the results that are not catalog properties, prints the table, the
// targets' closing notes, and closes them. It never asks what kind a target
// is; only the certificate records it.
//
// Errors: every step that can fail returns a Result whose message is a
// sentence for the person running the certification; the run loop prints
// "sortkey certify: <message>" and exits 2 (the run could not go on).
//
// Example:
//
//   class MyTarget final : public Target {
//    public:
//     std::string kind() const override { return "built-in"; }
//     std::string name() const override { return "my codecs"; }
//     const props::Catalog& catalog() const override { return catalog_; }
//    private:
//     props::Catalog catalog_;
//   };

#ifndef SORTKEY_CERTIFY_TARGET_H_
#define SORTKEY_CERTIFY_TARGET_H_

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "certify/record.h"
#include "properties/catalog.h"
#include "properties/runner.h"
#include "sortkey/error.h"

namespace sortkey::certify {

// What a target may need while it runs: the settings of the run.
struct RunContext {
  props::RunSettings settings;
  std::string corpus_dir;    // the corpus hashed into the certificate; "" when none
  bool no_progress = false;  // no progress lines on stderr at all
};

class Target {
 public:
  virtual ~Target() = default;

  // The certificate's "target_kind": "built-in", "adapter", "endpoint", "fuzz".
  virtual std::string kind() const = 0;
  // What is certified, printed and recorded: "sortkey built-in codecs".
  virtual std::string name() const = 0;
  // The certify arguments that select this target again ("--codec-cmd '...'"),
  // put into every replay command; "" when the default target replays it.
  virtual std::string replay_args() const { return {}; }

  // The properties the run loop runs one by one (empty for a runner).
  virtual const props::Catalog& catalog() const;
  // Told, before the first property runs, which of catalog() will run, in order.
  virtual void plan(const std::vector<const props::PropertyEntry*>& chosen);
  // Asked after each property of catalog(), with its result, which the
  // target may complete: a target that judges its cases itself (an endpoint
  // that records every divergence and decides after the last case) sets the
  // verdict, the cases run, a note and the divergences here. An error ends
  // the run.
  virtual Result<void> after_property(const props::PropertyEntry& entry, CertifiedProperty& result);
  // The results that are not catalog properties (a snapshot gate, a fuzz
  // campaign), asked for once all catalogs have run. An error ends the run.
  virtual Result<std::vector<CertifiedProperty>> run_extra(const RunContext& context);
  // What run_extra will add, for the run's header ("the snapshot check of each
  // codec"); "" when nothing.
  virtual std::string extra_plan() const { return {}; }

  // The requests sent to what is certified (an adapter's lines, its hello
  // included), by this process and by the worker processes of --jobs; 0 for
  // a target that sends none.
  virtual std::int64_t requests() const { return 0; }
  // Counts `n` requests that a worker process (--jobs) sent for this target.
  virtual void add_worker_requests(std::int64_t n) { (void)n; }

  // The failure store (failure_replay.h) of a target whose failing cases are
  // data that outlive its generators (a design's population): the key its
  // stored failures are matched by, "" for a target whose failures are
  // replayed by their reproduce strings;
  virtual std::string store_key() const { return {}; }
  // the minimal failing case of property `id` of this run, null when none;
  virtual nlohmann::json failing_case(const std::string& id) const;
  // and `entry` run on such a case, stored by an earlier run: kPassed,
  // kFailed (the target then reports it as the property's failure, in
  // after_property), or kError with why the case cannot be run any more.
  virtual props::RunReport replay_case(const props::PropertyEntry& entry,
                                       const nlohmann::json& stored,
                                       const props::RunSettings& settings);

  // The lines printed after the table for this target ("" for none).
  // Called once, before close().
  virtual std::string closing_notes(const Certification& c);
  // What the certificate records of the target's run besides its properties
  // (Certification::details); null for nothing. Called after closing_notes().
  virtual nlohmann::json details() const { return nullptr; }
  // Ends the target: its processes and tables are gone afterwards. Returns
  // the warnings for stderr (the run goes on). Called once, after closing_notes().
  virtual std::vector<std::string> close();
  // Asked after close(): an error when the target's run could not be completed.
  virtual Result<void> completed() const;
};

using TargetList = std::vector<std::unique_ptr<Target>>;

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_TARGET_H_
