// File: properties/runner.h
//
// Runs one catalog entry with RapidCheck under explicit settings and returns
// a report both drivers print: the GoogleTest suite and `sortkey certify`.
// Every failure carries what is needed to replay it: the seed, the number of
// cases, the shrunk counterexample and RapidCheck's reproduce string.

#ifndef SORTKEY_PROPERTIES_RUNNER_H_
#define SORTKEY_PROPERTIES_RUNNER_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "properties/catalog.h"

namespace sortkey::props {

// The seed every default run uses, so that a red CI run reproduces exactly.
inline constexpr std::uint64_t kDefaultSeed = 20260623;

struct RunSettings {
  std::uint64_t seed = kDefaultSeed;
  int cases = 300;     // successful cases required to pass
  int max_size = 100;  // Debian's RapidCheck misbehaves above 100: never raise it
  bool shrink = true;
};

// Settings for the test suite, from the environment:
//   SORTKEY_SEED=N          use seed N (default kDefaultSeed)
//   SORTKEY_FRESH_SEEDS=1   draw a fresh random seed (nightly runs); printed in every report
//   SORTKEY_CASES=N         successful cases per property (default `default_cases`)
// A malformed value is reported on stderr and the default is kept.
RunSettings settings_from_environment(int default_cases);

enum class Verdict { kPassed, kFailed, kGaveUp, kError };
const char* to_string(Verdict v);

struct RunReport {
  std::string id;
  Verdict verdict = Verdict::kError;
  RunSettings settings;
  int cases = 0;                  // successful cases run
  double seconds = 0;             // the whole run, shrinking included
  double seconds_to_failure = 0;  // kFailed: until the first failing case, before shrinking
  std::string message;            // why it failed (RapidCheck's description), empty on success
  std::vector<std::pair<std::string, std::string>> counterexample;  // (type, value) after shrinking
  int shrinks = 0;
  std::string reproduce;                    // RC_PARAMS value that replays only this failure
  std::map<std::string, int> distribution;  // tags -> count
  std::string replay;  // the command that replays this result; empty: replay_command() derives it
};

RunReport run_property(const PropertyEntry& entry, const RunSettings& settings);

// Runs only the case that `reproduce` (a RunReport::reproduce of an earlier
// failure of `entry`, checked by read_reproduce_string) names: kFailed with
// that case, shrunk as it was, when it fails again; kPassed with 1 case when
// it holds now; kError when RapidCheck cannot walk its shrink path (the
// property's generators changed since). `settings` is recorded in the report.
// REQUIRES: read_reproduce_string(reproduce) succeeded for entry.id().
RunReport replay_property(const PropertyEntry& entry, const RunSettings& settings,
                          const std::string& reproduce);

// RapidCheck prints "Using configuration: seed=..." with a seed of its own
// when RC_PARAMS is unset, though the runner passes its seed explicitly. Call
// this before the first run so that the line shows the seed actually used.
// RC_PARAMS set by the user (e.g. reproduce=...) is left alone.
void pin_rapidcheck_seed(std::uint64_t seed);

// RC_PARAMS, when set, as RapidCheck will read it: "" when it reads, else
// "RC_PARAMS: <why>" (RapidCheck itself would end the process with exit 1
// and no report on the first property).
std::string check_rc_params();

// `report.replay` when set (targets other than the built-in catalog set it),
// else "sortkey certify --seed S --cases N --property ID".
std::string replay_command(const RunReport& report);

// A multi-line, human-readable account of a failure: message, counterexample,
// seed and the replay commands.
std::string describe_failure(const RunReport& report);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_RUNNER_H_
