// Differential test: sortkey's KSUID and ULID codecs against the npm packages
// `ksuid` (3.0.0) and `ulid` (3.0.2), byte for byte in both directions, on
// thousands of random (time, payload) pairs drawn with a fixed seed, plus
// monotonic ULID sequences on clock scripts that stand still, step and run
// backwards. The packages are driven by ci/peers/ids_peer.js under Node.js;
// ci/install_npm.sh installs them (the ctest fixture differential.npm_install
// runs it first).
//
// Known, deliberate differences, checked as such: npm ksuid's parse maps
// bytes outside 0-9A-Za-z to digits (as the Go reference does) where sortkey
// rejects them; npm ulid's monotonic overflow throws B32_ENC_INVALID where
// sortkey returns kOverflow.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "sortkey/ksuid.h"
#include "sortkey/ulid.h"
#include "src/testing/bytes.h"
#include "src/testing/source_dir.h"
#include "support/subprocess.h"

namespace sortkey {
namespace {

using nlohmann::json;
using testing::hex;

constexpr std::uint64_t kSeed = 20260623;
// How long one run of the peer may take (SORTKEY_PEER_TIMEOUT_S overrides):
// about 1 s is normal, so this only stops a hung or runaway peer.
std::chrono::milliseconds peer_timeout() {
  const char* text = std::getenv("SORTKEY_PEER_TIMEOUT_S");
  const long seconds = text != nullptr ? std::strtol(text, nullptr, 10) : 0;
  return std::chrono::seconds(seconds > 0 ? seconds : 120);
}

template <std::size_t N>
std::array<std::uint8_t, N> random_bytes(std::mt19937_64& rng) {
  std::array<std::uint8_t, N> a;
  for (auto& b : a) b = static_cast<std::uint8_t>(rng());
  return a;
}

// Sends every request to one run of the peer and returns its answers, one per
// request, or nullopt after reporting a failure that says what went wrong.
std::optional<std::vector<json>> ask_npm(const std::vector<json>& requests) {
  std::string input;
  for (const auto& r : requests) input += r.dump() + "\n";
  const char* node_env = std::getenv("SORTKEY_NODE");
  const std::string node = node_env != nullptr && *node_env != '\0' ? node_env : "node";
  const std::string script = sortkey::testing::source_path("ci/peers/ids_peer.js");
  const auto start = std::chrono::steady_clock::now();
  const support::ProcessResult run = support::run_process({node, script}, input, peer_timeout());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!run.started) {
    ADD_FAILURE() << run.problem
                  << "\nThe differential test needs Node.js (`node` on PATH, or SORTKEY_NODE) "
                  << "and the npm packages of ci/peers: run `bash ci/install_npm.sh`.";
    return std::nullopt;
  }
  if (run.timed_out || run.exit_code != 0) {
    ADD_FAILURE() << "the npm peer " << script << " failed: "
                  << (run.timed_out
                          ? run.problem
                          : fmt::format("exit status {}, signal {}", run.exit_code, run.signal))
                  << "\nits stderr:\n"
                  << run.err;
    return std::nullopt;
  }
  std::vector<json> answers;
  std::size_t from = 0;
  while (from < run.out.size()) {
    const std::size_t end = run.out.find('\n', from);
    const std::string line =
        run.out.substr(from, end == std::string::npos ? std::string::npos : end - from);
    from = end == std::string::npos ? run.out.size() : end + 1;
    json answer = json::parse(line, nullptr, false);
    if (answer.is_discarded() || !answer.is_object()) {
      ADD_FAILURE() << "the npm peer answered a line that is not a JSON object: " << line;
      return std::nullopt;
    }
    if (answer.contains("fatal")) {
      ADD_FAILURE() << "the npm peer could not answer request " << answers.size() + 1 << " ("
                    << requests[answers.size()].dump() << "): " << answer["fatal"];
      return std::nullopt;
    }
    answers.push_back(std::move(answer));
  }
  if (answers.size() != requests.size()) {
    ADD_FAILURE() << "the npm peer answered " << answers.size() << " of " << requests.size()
                  << " requests; stderr:\n"
                  << run.err;
    return std::nullopt;
  }
  std::cout << fmt::format("  npm peer: {} requests answered in {:.2f} s\n", requests.size(),
                           seconds);
  return answers;
}

// Collects mismatches and reports the first few with a total.
class Mismatches {
 public:
  explicit Mismatches(std::string what) : what_(std::move(what)) {}
  void add(std::string text) {
    if (count_++ < 8) first_.push_back(std::move(text));
  }
  ~Mismatches() {
    if (count_ == 0) return;
    std::string all;
    for (const auto& t : first_) all += "\n  " + t;
    ADD_FAILURE() << count_ << " " << what_ << " differ from npm, first ones:" << all;
  }

 private:
  std::string what_;
  int count_ = 0;
  std::vector<std::string> first_;
};

// Ours "2017-10-10T04:00:47Z" is npm's Date ISO text "2017-10-10T04:00:47.000Z".
std::string with_millis(const std::string& seconds_text) {
  return seconds_text.substr(0, seconds_text.size() - 1) + ".000Z";
}

TEST(Differential, PeerRunsThePinnedPackages) {
  auto answers = ask_npm({json{{"op", "hello"}}});
  ASSERT_TRUE(answers.has_value());
  EXPECT_EQ((*answers)[0]["ksuid"], "3.0.0");
  EXPECT_EQ((*answers)[0]["ulid"], "3.0.2");
  std::cout << "  node " << (*answers)[0]["node"].get<std::string>() << ", ksuid "
            << (*answers)[0]["ksuid"].get<std::string>() << ", ulid "
            << (*answers)[0]["ulid"].get<std::string>() << "\n";
}

TEST(Differential, KsuidEncodeMatchesNpm) {
  std::mt19937_64 rng(kSeed);
  std::vector<Ksuid> ids = {Ksuid::nil(), Ksuid::max()};
  for (int i = 0; i < 4000; ++i) ids.emplace_back(random_bytes<20>(rng));
  std::vector<json> requests;
  for (const auto& k : ids) requests.push_back({{"op", "ksuid_encode"}, {"raw", hex(k.bytes())}});
  // (time, payload) pairs through KSUID.fromParts, whose time is in ms.
  std::vector<std::pair<std::int64_t, Ksuid::Payload>> parts = {{kKsuidMinUnix, {}},
                                                                {kKsuidMaxUnix, {}}};
  std::uniform_int_distribution<std::int64_t> unix(kKsuidMinUnix, kKsuidMaxUnix);
  for (int i = 0; i < 2000; ++i) parts.emplace_back(unix(rng), random_bytes<16>(rng));
  for (const auto& [t, p] : parts)
    requests.push_back({{"op", "ksuid_from_parts"}, {"unix", t}, {"payload", hex(p)}});

  auto answers = ask_npm(requests);
  ASSERT_TRUE(answers.has_value());
  Mismatches bad("KSUID encodings");
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::string ours = encode_ksuid(ids[i]);
    if ((*answers)[i]["text"] != ours)
      bad.add(fmt::format("{}: ours {}, npm {}", hex(ids[i].bytes()), ours,
                          (*answers)[i]["text"].dump()));
  }
  for (std::size_t j = 0; j < parts.size(); ++j) {
    const json& a = (*answers)[ids.size() + j];
    auto k = make_ksuid(parts[j].first, parts[j].second);
    ASSERT_TRUE(k.has_value());
    const std::string ours = fmt::format("{} {} {}", encode_ksuid(*k), hex(k->bytes()),
                                         with_millis(ksuid_time_rfc3339(*k)));
    const std::string theirs =
        fmt::format("{} {} {}", a["text"].get<std::string>(), a["raw"].get<std::string>(),
                    a["date"].get<std::string>());
    if (ours != theirs)
      bad.add(fmt::format("fromParts({} s, {}): ours {}, npm {}", parts[j].first,
                          hex(parts[j].second), ours, theirs));
  }
  std::cout << fmt::format("  compared {} raw encodings and {} (time, payload) encodings\n",
                           ids.size(), parts.size());
}

TEST(Differential, KsuidDecodeMatchesNpm) {
  std::mt19937_64 rng(kSeed + 1);
  std::vector<std::string> texts;
  for (int i = 0; i < 4000; ++i) texts.push_back(encode_ksuid(Ksuid(random_bytes<20>(rng))));
  // Near and above Max: a prefix of Max's text, then random digits.
  static const std::string kDigits =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  for (int i = 0; i < 1000; ++i) {
    std::string t(kKsuidMaxText.substr(0, rng() % 28));
    while (t.size() < kKsuidTextSize) t += kDigits[rng() % 62];
    texts.push_back(t);
  }
  const std::size_t valid_alphabet = texts.size();
  // One byte outside the alphabet at a random place.
  static const std::string kOutside = "!{~ -_+/=@[`";
  for (int i = 0; i < 300; ++i) {
    std::string t = encode_ksuid(Ksuid(random_bytes<20>(rng)));
    t[rng() % t.size()] = kOutside[rng() % kOutside.size()];
    texts.push_back(t);
  }
  std::vector<json> requests;
  for (const auto& t : texts) requests.push_back({{"op", "ksuid_parse"}, {"text", t}});
  auto answers = ask_npm(requests);
  ASSERT_TRUE(answers.has_value());

  Mismatches bad("KSUID decodings");
  int rejected_both = 0, npm_lenient = 0;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const json& a = (*answers)[i];
    auto ours = decode_ksuid(texts[i]);
    if (i < valid_alphabet) {
      if (ours) {
        if (!a.contains("raw") || a["raw"] != hex(ours->bytes()) ||
            a["date"] != with_millis(ksuid_time_rfc3339(*ours))) {
          bad.add(fmt::format("{}: ours {}, npm {}", texts[i], hex(ours->bytes()), a.dump()));
        }
      } else if (!a.contains("error")) {
        bad.add(fmt::format("{}: ours rejects ({}), npm reads {}", texts[i], describe(ours.error()),
                            a.dump()));
      } else {
        ++rejected_both;
      }
      continue;
    }
    // Outside the alphabet: sortkey always rejects. npm may read the byte as
    // a digit; then its value never encodes back to the input.
    if (ours) bad.add(fmt::format("{}: sortkey accepted a byte outside the alphabet", texts[i]));
    if (a.contains("text")) {
      ++npm_lenient;
      if (a["text"] == texts[i]) bad.add(fmt::format("{}: npm reads it canonically?", texts[i]));
    }
  }
  EXPECT_GT(rejected_both, 100) << "too few strings above Max were tried";
  std::cout << fmt::format(
      "  compared {} decodings: {} above Max rejected by both; of {} with a byte outside "
      "the alphabet, npm read {} as some other KSUID, sortkey rejected all\n",
      texts.size(), rejected_both, texts.size() - valid_alphabet, npm_lenient);
}

TEST(Differential, UlidEncodeMatchesNpm) {
  std::mt19937_64 rng(kSeed + 2);
  std::vector<Ulid> ids = {Ulid(), Ulid::max()};
  for (int i = 0; i < 4000; ++i) ids.emplace_back(random_bytes<16>(rng));
  // Times a person would meet: the years 1970 to 2100.
  std::uniform_int_distribution<std::int64_t> ms(0, 4102444800000LL);
  for (int i = 0; i < 2000; ++i) ids.push_back(*make_ulid(ms(rng), random_bytes<10>(rng)));
  std::vector<json> requests;
  for (const auto& u : ids) requests.push_back({{"op", "ulid_encode"}, {"raw", hex(u.bytes())}});
  auto answers = ask_npm(requests);
  ASSERT_TRUE(answers.has_value());
  Mismatches bad("ULID encodings");
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::string ours = encode_ulid(ids[i]);
    const json& a = (*answers)[i];
    if (a["text"] != ours || a["time"] != ours.substr(0, 10)) {
      bad.add(fmt::format("{}: ours {}, npm {}", hex(ids[i].bytes()), ours, a.dump()));
    }
  }
  std::cout << fmt::format("  compared {} encodings (uuidToULID and encodeTime)\n", ids.size());
}

TEST(Differential, UlidDecodeMatchesNpm) {
  std::mt19937_64 rng(kSeed + 3);
  std::vector<std::string> texts;
  std::uniform_int_distribution<std::int64_t> ms(0, 4102444800000LL);
  for (int i = 0; i < 6000; ++i) {
    std::string t = encode_ulid(i % 2 == 0 ? Ulid(random_bytes<16>(rng))
                                           : *make_ulid(ms(rng), random_bytes<10>(rng)));
    const int casing = static_cast<int>(rng() % 3);  // upper, lower, mixed
    for (char& c : t) {
      if (c >= 'A' && c <= 'Z' && (casing == 1 || (casing == 2 && rng() % 2 == 0)))
        c = static_cast<char>(c - 'A' + 'a');
    }
    texts.push_back(t);
  }
  // Above 2^128 - 1, and with the letters the alphabet leaves out.
  static const std::string kHigh = "89ABCDEFGHJKMNPQRSTVWXYZ";
  static const std::string kOut = "ILOUilou!-";
  for (int i = 0; i < 500; ++i) {
    std::string t = encode_ulid(Ulid(random_bytes<16>(rng)));
    t[0] = kHigh[rng() % kHigh.size()];
    texts.push_back(t);
  }
  for (int i = 0; i < 500; ++i) {
    std::string t = encode_ulid(Ulid(random_bytes<16>(rng)));
    t[rng() % t.size()] = kOut[rng() % kOut.size()];
    texts.push_back(t);
  }
  std::vector<json> requests;
  for (const auto& t : texts) requests.push_back({{"op", "ulid_parse"}, {"text", t}});
  auto answers = ask_npm(requests);
  ASSERT_TRUE(answers.has_value());
  Mismatches bad("ULID decodings");
  int rejected_both = 0;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const json& a = (*answers)[i];
    auto ours = decode_ulid(texts[i]);
    if (!ours) {
      if (!a.contains("error"))
        bad.add(fmt::format("{}: ours rejects ({}), npm reads {}", texts[i], describe(ours.error()),
                            a.dump()));
      ++rejected_both;
      continue;
    }
    if (!a.contains("raw") || a["raw"] != hex(ours->bytes()) || a["ms"] != ours->unix_ms() ||
        a["date"] != ulid_time_rfc3339(*ours)) {
      bad.add(fmt::format("{}: ours {} {} {}, npm {}", texts[i], hex(ours->bytes()),
                          ours->unix_ms(), ulid_time_rfc3339(*ours), a.dump()));
    }
  }
  std::cout << fmt::format(
      "  compared {} decodings (ulidToUUID, decodeTime, Date.toISOString), {} rejected by both\n",
      texts.size(), rejected_both);
}

TEST(Differential, UlidMonotonicSequencesMatchNpmMonotonicFactory) {
  std::mt19937_64 rng(kSeed + 4);
  constexpr int kScripts = 200;
  constexpr int kSteps = 50;
  struct Script {
    std::vector<std::int64_t> clock;
    std::vector<Ulid::Entropy> randoms;
  };
  std::vector<Script> scripts;
  std::vector<json> requests;
  for (int s = 0; s < kScripts; ++s) {
    Script script;
    std::int64_t t = 1 + static_cast<std::int64_t>(rng() % (std::uint64_t{1} << 47));
    for (int i = 0; i < kSteps; ++i) {
      const int r = static_cast<int>(rng() % 10);
      if (r < 5) {
        // the same millisecond
      } else if (r < 7) {
        t += 1 + static_cast<std::int64_t>(rng() % 3);
      } else if (r < 9) {
        t = std::max<std::int64_t>(
            1, t - 1 - static_cast<std::int64_t>(rng() % 2000));  // the clock steps back
      } else {
        t += 86400000;
      }
      script.clock.push_back(t);
    }
    for (int i = 0; i < kSteps; ++i) {
      auto e = random_bytes<10>(rng);
      if (rng() % 8 == 0) {  // close to overflow: all 0xFF but the last byte
        std::fill(e.begin(), e.end() - 1, 0xFF);
        e[9] = static_cast<std::uint8_t>(0xFF - rng() % 4);
      }
      script.randoms.push_back(e);
    }
    json randoms = json::array();
    for (const auto& e : script.randoms)
      randoms.push_back(encode_ulid(*make_ulid(0, e)).substr(10));
    requests.push_back({{"op", "ulid_monotonic"}, {"clock", script.clock}, {"randoms", randoms}});
    scripts.push_back(std::move(script));
  }
  auto answers = ask_npm(requests);
  ASSERT_TRUE(answers.has_value());
  Mismatches bad("monotonic ULID sequences");
  int overflows = 0, backwards = 0;
  for (std::size_t s = 0; s < scripts.size(); ++s) {
    const Script& script = scripts[s];
    std::size_t call = 0, drawn = 0;
    UlidGenerator::Options options;
    options.monotonic = true;
    options.clock = [&] { return script.clock[call]; };
    options.random = [&](std::span<std::uint8_t> out) -> Result<void> {
      if (drawn == script.randoms.size())
        return make_error(ErrorCode::kUnavailable, 0, "out of scripted randoms");
      std::copy(script.randoms[drawn].begin(), script.randoms[drawn].end(), out.begin());
      ++drawn;
      return {};
    };
    UlidGenerator generator(options);
    const json& theirs = (*answers)[s]["ids"];
    for (call = 0; call < script.clock.size(); ++call) {
      if (call > 0 && script.clock[call] < script.clock[call - 1]) ++backwards;
      auto ours = generator.next();
      const std::string npm = theirs[call];
      std::string mine;
      if (ours) {
        mine = encode_ulid(*ours);
      } else if (ours.error().code == ErrorCode::kOverflow) {
        ++overflows;
        mine = "error:Incorrectly encoded string (B32_ENC_INVALID)";  // npm's way to say overflow
      } else {
        mine = "error:" + describe(ours.error());
      }
      if (mine != npm) {
        bad.add(fmt::format("script {} call {} (clock {}): ours {}, npm {}", s, call + 1,
                            script.clock[call], mine, npm));
        break;
      }
    }
  }
  EXPECT_GT(overflows, 0) << "no script reached an overflow";
  std::cout << fmt::format(
      "  compared {} scripts x {} calls: {} backward clock steps, {} overflows, same IDs\n",
      kScripts, kSteps, backwards, overflows);
}

}  // namespace
}  // namespace sortkey
