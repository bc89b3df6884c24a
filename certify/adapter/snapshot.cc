#include "certify/adapter/snapshot.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "oracles/naive_integer.h"
#include "properties/props/common.h"
#include "support/files.h"
#include "support/json_input.h"

namespace sortkey::certify::adapter {
namespace {

using props::contract::json;

// A fixed pseudo-random stream (splitmix64), so that the inputs hold a few
// unremarkable values besides the boundaries, the same on every machine.
class Stream {
 public:
  explicit Stream(std::uint64_t seed) : x_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (x_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::string hex(std::size_t bytes) {
    std::string out;
    while (out.size() < 2 * bytes) out += fmt::format("{:016x}", next());
    return out.substr(0, 2 * bytes);
  }
  // A value of exactly `digits` digits (1..38).
  std::string digits(int n) {
    std::string out = std::to_string(1 + next() % 9);
    while (static_cast<int>(out.size()) < n) out += static_cast<char>('0' + next() % 10);
    return out;
  }

 private:
  std::uint64_t x_;
};

std::string pow10_text(int k) {
  std::string s(static_cast<std::size_t>(k) + 1, '0');
  s[0] = '1';
  return s;
}
std::string nines(int k) { return std::string(static_cast<std::size_t>(k), '9'); }

// Values around every digit-count boundary of the width, its limit and one past it.
std::vector<std::string> digit_values(int width, Stream& s) {
  std::vector<std::string> v = {"0", "1", "9"};
  for (int k : {1, 2, width / 2, width - 1, width}) {
    if (k < 1 || k > width) continue;
    v.push_back(nines(k));
    if (k < width) v.push_back(pow10_text(k));
  }
  v.push_back(pow10_text(width));  // one past the limit: refused
  v.push_back(pow10_text(width));
  v.back().back() = '1';  // 10^width + 1
  for (int i = 0; i < 2; ++i)
    v.push_back(s.digits(1 + static_cast<int>(s.next() % static_cast<std::uint64_t>(width))));
  std::vector<std::string> unique;
  for (auto& x : v) {
    if (std::find(unique.begin(), unique.end(), x) == unique.end()) unique.push_back(x);
  }
  return unique;
}

std::vector<SnapshotInput> digit_inputs(const std::vector<json>& params_list, std::uint64_t seed) {
  Stream s(seed);
  std::vector<SnapshotInput> out;
  for (const json& p : params_list) {
    for (const std::string& v : digit_values(p.at("width").get<int>(), s)) out.push_back({p, v});
  }
  return out;
}

json instant(std::int64_t seconds, std::uint32_t nanos) {
  return {{"seconds", seconds}, {"nanos", nanos}};
}

// padded and inverse: the same widths, each with a stream of its own.
std::vector<SnapshotInput> digit_codec_inputs(const std::string& codec) {
  std::vector<json> params;
  for (int w : {1, 2, 5, 10, 19, 38}) params.push_back({{"width", w}});
  return digit_inputs(params, codec == "padded" ? 1 : 2);
}

std::vector<SnapshotInput> epoch_inputs() {
  std::vector<json> params;
  for (const auto& [unit, width] : std::vector<std::pair<const char*, int>>{
           {"s", 10}, {"ms", 13}, {"us", 16}, {"ns", 19}, {"ms", 5}}) {
    params.push_back({{"unit", unit}, {"width", width}});
  }
  auto out = digit_inputs(params, 3);
  out.push_back({{{"unit", "ms"}, {"width", 13}}, "1782172800123"});
  out.push_back({{{"unit", "s"}, {"width", 10}}, "1782172800"});
  return out;
}

std::vector<SnapshotInput> timestamp_inputs() {
  Stream s(4);
  const std::vector<json> values = {
      instant(-62135596800, 0),          // 0001-01-01T00:00:00Z
      instant(253402300799, 999999999),  // 9999-12-31T23:59:59.999999999Z
      instant(0, 0),                     // 1970-01-01T00:00:00Z
      instant(-1, 999999999),            // 1969-12-31T23:59:59.999999999Z
      instant(1782172800, 0),            // 2026-06-23T00:00:00Z
      instant(1782171000, 123456789),    // 2026-06-22T23:30:00.123456789Z
      instant(1709164800, 1),            // 2024-02-29T00:00:00.000000001Z
      instant(-2203891200, 500000000),   // 1900-03-01T00:00:00.5Z
      instant(946684799, 999000000),     // 1999-12-31T23:59:59.999Z
      instant(static_cast<std::int64_t>(s.next() % 253402300799ULL),
              static_cast<std::uint32_t>(s.next() % 1000000000ULL)),
      instant(static_cast<std::int64_t>(s.next() % 253402300799ULL),
              static_cast<std::uint32_t>(s.next() % 1000000000ULL)),
      instant(-62135596801, 999999999),  // one nanosecond before 0001: refused
      instant(253402300800, 0),          // 10000-01-01T00:00:00Z: refused
  };
  std::vector<SnapshotInput> out;
  for (int precision : {0, 1, 3, 6, 9}) {
    for (const json& v : values) out.push_back({{{"precision", precision}}, v});
  }
  return out;
}

std::vector<SnapshotInput> number_inputs() {
  std::string max38(39, '9');  // 9.99...9 (38 nines) E+125
  max38[1] = '.';
  max38.append("E+125");
  std::vector<SnapshotInput> out;
  for (const char* v : {"0",          "-0",
                        "1",          "-1",
                        "1e2",        "100.0",
                        "+100",       "0100",
                        "0.5",        ".5",
                        "-0.5",       "1.5",
                        "-1.5",       "10",
                        "-100",       "12345.678",
                        "-12345.678", "1E-130",
                        "-1E-130",    "1e125",
                        "0.001",      "123456789012345678901234567890.12345678",
                        "1e126",      "-1e126",
                        "1e-131",     "1.00000000000000000000000000000000000001",
                        "NaN",        "Infinity",
                        "1 ",         ""}) {
    out.push_back({json::object(), v});
  }
  out.push_back({json::object(), max38});
  out.push_back({json::object(), std::string(1, '-').append(max38)});
  return out;
}

std::vector<SnapshotInput> name_inputs() {
  std::vector<SnapshotInput> out;
  for (const char* mode : {"upper", "lower", "fold"}) {
    for (const char* v :
         {"DeBrie", "Dean", "straße", "STRASSE", "İstanbul", "ıi", "ΟΔΟΣ", "ǅemal", "ﬁle",
          "e\u0301", "\u00e9", "日本", "😀 smile", "\u212a", "Ǆ", "a b", "", "a\tb"}) {
      out.push_back({{{"case", mode}}, v});
    }
  }
  return out;
}

std::vector<SnapshotInput> composite_inputs() {
  const std::vector<json> paths = {
      json{"EVENT", "2026-06", "00042"},
      json{"A#B"},
      json{"A", "B"},
      json{"AB", "C"},
      json{"a!", "b"},
      json{"a", "z"},
      json{"a b"},
      json{"100$"},
      json{"A", "", "B"},
      json{""},
      json{"\u00e9", "日本"},
      json{"a/b", "c"},
      json{std::string("a\0b", 3)},
      json::array(),
  };
  std::vector<SnapshotInput> out;
  for (const char* d : {"#", "/", "!"}) {
    for (const json& p : paths) out.push_back({{{"delimiter", d}}, p});
  }
  return out;
}

std::vector<SnapshotInput> ksuid_inputs() {
  Stream s(8);
  std::vector<SnapshotInput> out = {
      {json::object(), {{"timestamp", 1400000000}, {"payload", std::string(32, '0')}}},
      {json::object(), {{"timestamp", 5694967295LL}, {"payload", std::string(32, 'f')}}},
      {json::object(),
       {{"timestamp", 1507608047}, {"payload", "b5a1cd34b5f99d1154fb6853345c9735"}}},
      {json::object(),
       {{"timestamp", 1782172800}, {"payload", "ffffffffffffffffffffffffffffffff"}}},
      {json::object(),
       {{"timestamp", 1782172800}, {"payload", "00000000000000000000000000000001"}}},
      {json::object(), {{"timestamp", 1399999999}, {"payload", std::string(32, '0')}}},  // refused
      {json::object(),
       {{"timestamp", 5694967296LL}, {"payload", std::string(32, '0')}}},  // refused
  };
  for (int i = 0; i < 3; ++i) {
    out.push_back({json::object(),
                   {{"timestamp", 1400000000 + static_cast<std::int64_t>(s.next() % 4294967296ULL)},
                    {"payload", s.hex(16)}}});
  }
  return out;
}

std::vector<SnapshotInput> ulid_inputs() {
  Stream s(9);
  std::vector<SnapshotInput> out = {
      {json::object(), {{"time", 0}, {"random", std::string(20, '0')}}},
      {json::object(), {{"time", 281474976710655LL}, {"random", std::string(20, 'f')}}},
      {json::object(), {{"time", 1469922850259LL}, {"random", "d6764c61efb99302bd5b"}}},
      {json::object(), {{"time", 1782172800000LL}, {"random", "ffffffffffffffffffff"}}},
      {json::object(), {{"time", -1}, {"random", std::string(20, '0')}}},                 // refused
      {json::object(), {{"time", 281474976710656LL}, {"random", std::string(20, '0')}}},  // refused
  };
  for (int i = 0; i < 3; ++i) {
    out.push_back({json::object(),
                   {{"time", static_cast<std::int64_t>(s.next() % 281474976710656ULL)},
                    {"random", s.hex(10)}}});
  }
  return out;
}

}  // namespace

std::vector<SnapshotInput> snapshot_inputs(const std::string& codec) {
  if (codec == "padded") return digit_codec_inputs("padded");
  if (codec == "inverse") return digit_codec_inputs("inverse");
  if (codec == "epoch") return epoch_inputs();
  if (codec == "timestamp") return timestamp_inputs();
  if (codec == "number") return number_inputs();
  if (codec == "name") return name_inputs();
  if (codec == "composite") return composite_inputs();
  if (codec == "ksuid") return ksuid_inputs();
  if (codec == "ulid") return ulid_inputs();
  return {};
}

namespace {

// The adapter's answers to the inputs of one codec, as snapshot entries.
json record(props::contract::CodecService& service, const std::string& codec) {
  const auto inputs = snapshot_inputs(codec);
  std::vector<json> requests;
  for (const auto& in : inputs)
    requests.push_back(props::contract::encode_request(codec, in.params, in.value));
  const auto replies = service.call(requests);
  json entries = json::array();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    json e = {{"params", inputs[i].params}, {"value", inputs[i].value}};
    if (replies[i].refused) {
      e["refused"] = true;
    } else {
      // A non-string key is recorded as its JSON text, so that it still compares.
      e["key"] =
          replies[i].ok.is_string() ? replies[i].ok.get<std::string>() : replies[i].ok.dump();
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

props::RunReport report_for(const std::string& codec, std::size_t inputs, double seconds) {
  props::RunReport r;
  r.id = codec + "/snapshot";
  r.verdict = props::Verdict::kPassed;
  r.cases = static_cast<int>(inputs);
  r.seconds = seconds;
  return r;
}

}  // namespace

namespace {

Error snapshot_error(std::string message) {
  return make_error(ErrorCode::kBadFormat, 0, std::move(message));
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The file did not exist: the adapter's keys are written to it.
Result<SnapshotOutcome> record_snapshot(props::contract::CodecService& service,
                                        const std::string& adapter_name,
                                        const std::vector<std::string>& codecs,
                                        const std::string& path) {
  SnapshotOutcome outcome;
  json file = {{"format", "sortkey-adapter-snapshot"},
               {"inputs_version", kSnapshotInputsVersion},
               {"adapter", adapter_name},
               {"codecs", json::object()}};
  std::size_t total = 0;
  for (const std::string& codec : codecs) {
    const auto start = std::chrono::steady_clock::now();
    json entries = record(service, codec);
    total += entries.size();
    props::RunReport r = report_for(codec, entries.size(), seconds_since(start));
    r.message = fmt::format("recorded {} keys to {}", entries.size(), path);
    outcome.reports.push_back(std::move(r));
    file["codecs"][codec] = std::move(entries);
  }
  if (auto written = support::write_file_atomically(path, file.dump(1) + "\n"); !written) {
    return snapshot_error(written.error().message);
  }
  outcome.recorded = true;
  outcome.summary = fmt::format(
      "snapshot {} did not exist: recorded {} keys of {} codec{} (inputs version {}); "
      "later runs given it fail when a key changes",
      path, total, codecs.size(), codecs.size() == 1 ? "" : "s", kSnapshotInputsVersion);
  return outcome;
}

// The snapshot file, read and checked for its format and inputs version.
Result<json> read_snapshot(const std::string& path) {
  auto text = support::read_file_within(path, support::kMaxJsonFileBytes);
  if (!text) return snapshot_error("cannot read the snapshot " + text.error().message);
  return parse_snapshot(*text, path);
}

// One listed codec compared with the file; `compared` and `changed` count up.
props::RunReport compare_codec(props::contract::CodecService& service, const json& file,
                               const std::string& codec, const std::string& path,
                               std::size_t& compared, std::size_t& changed) {
  const auto start = std::chrono::steady_clock::now();
  if (!file.at("codecs").contains(codec)) {
    props::RunReport r = report_for(codec, 0, 0);
    r.message = fmt::format(
        "{} is not in the snapshot {}: remove the file and run again to gate it", codec, path);
    return r;
  }
  const json now = record(service, codec);
  const std::vector<std::string> changes = changed_keys(file.at("codecs").at(codec), now);
  props::RunReport r = report_for(codec, now.size(), seconds_since(start));
  compared += now.size();
  if (!changes.empty()) {
    r.verdict = props::Verdict::kFailed;
    r.message = fmt::format(
        "{} of {} keys changed since the snapshot {} (old -> new); data stored under the old "
        "keys would no longer be found:",
        changes.size(), now.size(), path);
    for (const std::string& c : changes) r.message += "\n    " + c;
    changed += changes.size();
  }
  return r;
}

// The file exists: the adapter's keys now are compared with it.
Result<SnapshotOutcome> compare_snapshot(props::contract::CodecService& service,
                                         const std::vector<std::string>& codecs,
                                         const std::string& path) {
  auto file = read_snapshot(path);
  if (!file) return file.error();
  SnapshotOutcome outcome;
  std::size_t compared = 0, changed_total = 0;
  for (const std::string& codec : codecs) {
    outcome.reports.push_back(compare_codec(service, *file, codec, path, compared, changed_total));
  }
  for (const auto& [codec, recorded] : file->at("codecs").items()) {
    if (std::find(codecs.begin(), codecs.end(), codec) != codecs.end()) continue;
    props::RunReport r = report_for(codec, 0, 0);
    r.verdict = props::Verdict::kFailed;
    r.message = fmt::format(
        "the snapshot holds {} keys of {}, but the adapter no longer lists {}: "
        "stored keys would lose their codec",
        recorded.size(), codec, codec);
    outcome.reports.push_back(std::move(r));
    ++changed_total;
  }
  outcome.summary = changed_total == 0
                        ? fmt::format("snapshot {}: all {} keys unchanged", path, compared)
                        : fmt::format("snapshot {}: {} keys changed or codecs dropped (see above)",
                                      path, changed_total);
  return outcome;
}

}  // namespace

Result<SnapshotOutcome> check_snapshot(props::contract::CodecService& service,
                                       const std::string& adapter_name,
                                       const std::vector<std::string>& codecs,
                                       const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    return record_snapshot(service, adapter_name, codecs, path);
  return compare_snapshot(service, codecs, path);
}

}  // namespace sortkey::certify::adapter
