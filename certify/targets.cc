#include "certify/targets.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "certify/adapter/adapter_target.h"
#include "certify/builtin_target.h"
#include "certify/campaign/campaign.h"
#include "certify/campaign/fuzz_target.h"
#include "certify/endpoint/divergences.h"
#include "certify/endpoint/endpoint_target.h"
#include "dynamodb/aws_config.h"
#include "support/json_input.h"

namespace sortkey::certify {
namespace {

Error usage(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

endpoint::EndpointOptions endpoint_options(const TargetOptions& options) {
  endpoint::EndpointOptions eo;
  eo.url = options.endpoint;  // "": from the environment
  eo.region = options.region;
  if (options.request_timeout_seconds > 0) {
    eo.request_timeout_ms = std::max(1L, std::lround(options.request_timeout_seconds * 1000));
  }
  eo.keep_tables = options.keep_tables;
  if (options.connections > 0) eo.connections = options.connections;
  eo.known_divergences = options.known_divergences;
  eo.record_divergences = options.record_divergences;
  eo.budget_seconds = options.budget_seconds;
  eo.json_report = options.json_report;
  return eo;
}

Result<std::unique_ptr<Target>> open_endpoint(const TargetOptions& options) {
  const endpoint::EndpointOptions eo = endpoint_options(options);
  auto opened = endpoint::EndpointTarget::open(eo, dynamodb::process_environment());
  if (!opened) return opened.error();
  return std::unique_ptr<Target>(std::move(*opened));
}

Result<std::unique_ptr<Target>> open_adapter(const TargetOptions& options, std::FILE* warnings) {
  adapter::ClientOptions co;
  co.timeout = std::chrono::milliseconds(options.timeout_ms);
  auto opened = adapter::AdapterTarget::open(options.codec_cmd, co, options.snapshot_path);
  if (!opened) return opened.error();
  for (const std::string& u : (*opened)->hello().unknown) {
    fmt::print(warnings,
               "sortkey certify: the adapter lists \"{}\", which protocol 1 does not know: "
               "skipped\n",
               u);
  }
  return std::unique_ptr<Target>(std::move(*opened));
}

// The one target that names the certificate; options that belong to another
// target are refused.
Result<std::unique_ptr<Target>> open_primary(const TargetOptions& options, std::FILE* warnings) {
  if (!options.endpoint_given &&
      (!options.known_divergences.empty() || !options.region.empty() ||
       !options.record_divergences.empty() || options.budget_given ||
       options.request_timeout_seconds > 0 || options.keep_tables || options.connections > 0)) {
    return usage(
        "--known-divergences, --record-divergences, --budget, --region, --connections, "
        "--request-timeout and --keep-tables go with --endpoint");
  }
  if (!options.codec_cmd.empty() && options.endpoint_given) {
    return usage("--codec-cmd and --endpoint are two targets; certify one at a time");
  }
  if (options.codec_cmd.empty() && !options.snapshot_path.empty()) {
    return usage(
        "--snapshot goes with --codec-cmd (the built-in codecs are gated by corpus/vectors/)");
  }
  if (options.endpoint_given) return open_endpoint(options);
  if (!options.codec_cmd.empty()) return open_adapter(options, warnings);
  return builtin_target();
}

}  // namespace

int replay_divergence(const TargetOptions& options, std::FILE* out, std::FILE* err) {
  const auto fail = [err](const std::string& message) {
    fmt::print(err, "sortkey certify: cannot replay: {}\n", message);
    return 2;
  };
  if (!options.endpoint_given) return fail("--replay goes with --endpoint");
  const std::size_t hash = options.replay.rfind('#');
  if (hash == std::string::npos || hash == 0 || hash + 1 == options.replay.size())
    return fail("--replay needs FILE#ID, got \"" + printable(options.replay) + "\"");
  const std::string file = options.replay.substr(0, hash);
  const std::string id = options.replay.substr(hash + 1);
  auto text = support::read_file_within(file, support::kMaxJsonFileBytes);
  if (!text) return fail(text.error().message);
  auto found = endpoint::find_reproduction(*text, file, id);
  if (!found) return fail(found.error().message);
  endpoint::EndpointOptions eo = endpoint_options(options);
  eo.known_divergences.clear();
  eo.record_divergences.clear();
  eo.connections = 1;
  auto session = endpoint::EndpointSession::open(eo, dynamodb::process_environment());
  if (!session) return fail(session.error().message);
  auto outcome = (*session)->replay(found->reproduction, found->numbers);
  for (const std::string& line : (*session)->close()) fmt::print(err, "{}\n", line);
  if (!outcome) return fail(outcome.error().message);
  if (!outcome->has_value()) {
    fmt::print(out, "{}: no longer diverges: {} gives the expected answer\n", found->id,
               (*session)->url());
    return 0;
  }
  fmt::print(out, "{}: still diverges: {}\n", found->id, printable(**outcome));
  return 1;
}

Result<TargetList> open_targets(const TargetOptions& options, std::FILE* warnings) {
  auto primary = open_primary(options, warnings);
  if (!primary) return primary.error();
  TargetList targets;
  targets.push_back(std::move(*primary));
  if (options.fuzz_seconds > 0) {
    if (options.endpoint_given || !options.codec_cmd.empty()) {
      return usage(
          fmt::format("--fuzz runs the built-in codecs' fuzz targets; it does not go with {}",
                      options.endpoint_given ? "--endpoint" : "--codec-cmd"));
    }
    const std::string dir =
        options.fuzzers_dir.empty() ? campaign::default_fuzzers_dir() : options.fuzzers_dir;
    targets.push_back(campaign::fuzz_target(options.fuzz_seconds, dir));
  }
  return targets;
}

}  // namespace sortkey::certify
