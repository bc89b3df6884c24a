#include "props/ulid_props.h"

#include <fmt/format.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "naive_base.h"
#include "props/common.h"
#include "props/id_common.h"

namespace sortkey::props {
namespace {

using oracle::ByteVector;

constexpr std::int64_t kLastMs = 281474976710655LL;  // 2^48 - 1, restated for the oracle side

ByteVector vec(const Ulid::Bytes& b) { return ByteVector(b.begin(), b.end()); }
ByteVector vec(const Ulid::Entropy& e) { return ByteVector(e.begin(), e.end()); }
ByteVector vec(const Ulid& u) { return vec(u.bytes()); }
std::string hex(const ByteVector& v) { return oracle::hex(v); }

std::string oracle_text(const ByteVector& bytes) { return *oracle::to_base(bytes, oracle::kNaiveCrockford, 26); }

// What the oracle says the case-insensitive decoder must do with `text`.
std::optional<ByteVector> oracle_decode(std::string_view text) {
  if (text.size() != 26) return std::nullopt;
  return oracle::from_base(oracle::ascii_upper(text), oracle::kNaiveCrockford, 16);
}

bool has_lower(std::string_view text) {
  for (char c : text) {
    if (c >= 'a' && c <= 'z') return true;
  }
  return false;
}

Result<std::string> encode_result(const Ulid& u) { return encode_ulid(u); }

ByteVector oracle_bytes(std::int64_t unix_ms, const ByteVector& entropy) {
  const auto ms = static_cast<std::uint64_t>(unix_ms);
  ByteVector out(6 + entropy.size());
  for (std::size_t i = 0; i < 6; ++i) out[i] = static_cast<std::uint8_t>(ms >> (40 - 8 * i));
  for (std::size_t i = 0; i < entropy.size(); ++i) out[6 + i] = entropy[i];
  return out;
}

RandomBytes scripted(const std::vector<Ulid::Entropy>& randoms, std::size_t& next) {
  return [&randoms, &next](std::span<std::uint8_t> out) -> Result<void> {
    if (next >= randoms.size()) return make_error(ErrorCode::kUnavailable, 0, "the scripted random bytes ran out");
    if (out.size() != 10) return make_error(ErrorCode::kBadParameter, 0, "expected a request for 10 bytes");
    std::copy(randoms[next].begin(), randoms[next].end(), out.begin());
    ++next;
    return {};
  };
}

}  // namespace

Outcome ulid_round_trip(const Ulid::Bytes& bytes) {
  const Ulid u(bytes);
  const std::string text = encode_ulid(u);
  for (auto decode : {decode_ulid, decode_ulid_key}) {
    auto back = decode(text);
    if (!back) return Outcome::fails(fmt::format("{} encodes to {}, which does not decode: {}", hex(vec(bytes)), show_key(text), describe(back.error())));
    if (*back != u) return Outcome::fails(fmt::format("{} -> {} -> {}", hex(vec(bytes)), show_key(text), hex(vec(*back))));
  }
  auto binary = ulid_from_bytes(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  if (!binary || *binary != u) return Outcome::fails(fmt::format("the 16 bytes {} do not read back as themselves", hex(vec(bytes))));
  auto parts = make_ulid(u.unix_ms(), u.entropy());
  if (!parts) return Outcome::fails(fmt::format("{}: make_ulid({}, entropy) failed: {}", hex(vec(bytes)), u.unix_ms(), describe(parts.error())));
  if (*parts != u) return Outcome::fails(fmt::format("{}: make_ulid(unix_ms(), entropy()) gives {}", hex(vec(bytes)), hex(vec(*parts))));
  return Outcome::holds();
}

Outcome ulid_matches_oracle(const Ulid::Bytes& bytes) {
  const std::string want = oracle_text(vec(bytes));
  const std::string got = encode_ulid(Ulid(bytes));
  if (got != want) return Outcome::fails(fmt::format("{} encodes to {}, the oracle's Crockford base 32 is {}", hex(vec(bytes)), show_key(got), show_key(want)));
  auto back = decode_ulid_key(want);
  if (!back) return Outcome::fails(fmt::format("the oracle's {} for {} does not decode: {}", show_key(want), hex(vec(bytes)), describe(back.error())));
  if (vec(*back) != vec(bytes)) return Outcome::fails(fmt::format("the oracle's {} decodes to {}, not {}", show_key(want), hex(vec(*back)), hex(vec(bytes))));
  return Outcome::holds();
}

Outcome ulid_order(const Ulid::Bytes& a, const Ulid::Bytes& b) {
  const Ulid ua(a), ub(b);
  const ByteVector va = vec(a), vb = vec(b);
  const std::uint64_t ta = oracle::read_big_endian(va, 0, 6), tb = oracle::read_big_endian(vb, 0, 6);
  const int want = ta != tb ? (ta < tb ? -1 : 1)
                            : oracle::compare_bytes(ByteVector(va.begin() + 6, va.end()), ByteVector(vb.begin() + 6, vb.end()));
  const std::string sa = encode_ulid(ua), sb = encode_ulid(ub);
  const int text = key_order(sa, sb);
  if (text != want) {
    return Outcome::fails(fmt::format("{} {} {} but their keys {} {} {}", hex(va), order_word(want), hex(vb), show_key(sa), order_word(text), show_key(sb)));
  }
  const int typed = ua < ub ? -1 : (ub < ua ? 1 : 0);
  if (typed != want) return Outcome::fails(fmt::format("{} {} {} but Ulid's operator<=> says {}", hex(va), order_word(want), hex(vb), order_word(typed)));
  return Outcome::holds();
}

Outcome ulid_rejects_malformed(const Ulid::Bytes& bytes, char extra, std::size_t position) {
  const std::string key = encode_ulid(Ulid(bytes));
  for (auto decode : {decode_ulid, decode_ulid_key}) {
    if (Outcome o = rejects_truncated_and_extended(key, decode, std::string_view(&extra, 1)); !o.ok()) return o;
  }
  const std::string upper = oracle::ascii_upper(std::string_view(&extra, 1));
  if (oracle::kNaiveCrockford.find(upper[0]) != std::string_view::npos) return Outcome::holds();
  std::string changed = key;
  changed[position % changed.size()] = extra;
  for (auto decode : {decode_ulid, decode_ulid_key}) {
    if (auto u = decode(changed)) {
      return Outcome::fails(fmt::format("{} holds a byte outside the alphabet, yet decoded to {}", show_key(changed), hex(vec(*u))));
    }
  }
  return Outcome::holds();
}

Outcome ulid_total_decode(std::string_view bytes) {
  if (Outcome o = decode_is_total_and_canonical(bytes, decode_ulid_key, encode_result); !o.ok()) return o;
  auto lenient = decode_ulid(bytes);
  if (!lenient && lenient.error().offset > bytes.size()) {
    return Outcome::fails(fmt::format("decode_ulid {} failed with offset {} past its end", show_key(bytes), lenient.error().offset));
  }
  const auto want = oracle_decode(bytes);
  if (lenient.has_value() != want.has_value()) {
    return Outcome::fails(fmt::format("decode_ulid {} {}, the oracle {} it", show_key(bytes), lenient ? "accepts" : "rejects", want ? "accepts" : "rejects"));
  }
  if (lenient && vec(*lenient) != *want) return Outcome::fails(fmt::format("decode_ulid {} gives {}, the oracle reads {}", show_key(bytes), hex(vec(*lenient)), hex(*want)));
  const bool strict_ok = decode_ulid_key(bytes).has_value();
  if (strict_ok != (want.has_value() && !has_lower(bytes))) {
    return Outcome::fails(fmt::format("decode_ulid_key {} {}, but the oracle {} it{}", show_key(bytes), strict_ok ? "accepts" : "rejects", want ? "accepts" : "rejects",
                                      has_lower(bytes) ? " and it holds lower case" : ""));
  }
  return Outcome::holds();
}

Outcome ulid_never_wraps(std::string_view text) {
  if (text.size() != 26) return Outcome::discard("not 26 characters");
  const auto want = oracle::from_base(oracle::ascii_upper(text), oracle::kNaiveCrockford, 16);
  for (auto decode : {decode_ulid, decode_ulid_key}) {
    auto got = decode(text);
    if (!want) {
      if (got) return Outcome::fails(fmt::format("{} is above 2^128 - 1, yet decoded to {}: it wrapped", show_key(text), hex(vec(*got))));
      continue;
    }
    if (!got) {
      if (got.error().code == ErrorCode::kNonCanonical && has_lower(text)) continue;
      return Outcome::fails(fmt::format("{} is below 2^128, yet decode failed: {}", show_key(text), describe(got.error())));
    }
    if (vec(*got) != *want) return Outcome::fails(fmt::format("{} decodes to {}, the oracle reads {}", show_key(text), hex(vec(*got)), hex(*want)));
  }
  return Outcome::holds();
}

Outcome ulid_case_insensitive(const Ulid::Bytes& bytes, std::uint32_t mask) {
  const std::string key = encode_ulid(Ulid(bytes));
  std::string mixed = key;
  std::optional<std::size_t> first_lower;
  for (std::size_t i = 0; i < mixed.size(); ++i) {
    if ((mask >> (i % 32) & 1) != 0 && mixed[i] >= 'A' && mixed[i] <= 'Z') {
      mixed[i] = static_cast<char>(mixed[i] - 'A' + 'a');
      if (!first_lower) first_lower = i;
    }
  }
  auto lenient = decode_ulid(mixed);
  if (!lenient) return Outcome::fails(fmt::format("decode_ulid rejects {}, the key {} in mixed case: {}", show_key(mixed), show_key(key), describe(lenient.error())));
  if (vec(*lenient) != vec(bytes)) return Outcome::fails(fmt::format("decode_ulid reads {} as {}, not {}", show_key(mixed), hex(vec(*lenient)), hex(vec(bytes))));
  auto strict = decode_ulid_key(mixed);
  if (!first_lower) {
    if (!strict) return Outcome::fails(fmt::format("decode_ulid_key rejects the upper-case key {}: {}", show_key(mixed), describe(strict.error())));
    return Outcome::holds();
  }
  if (strict) return Outcome::fails(fmt::format("decode_ulid_key accepts {}, which holds lower case: two keys for one ULID", show_key(mixed)));
  if (strict.error().code != ErrorCode::kNonCanonical || strict.error().offset != *first_lower) {
    return Outcome::fails(fmt::format("decode_ulid_key {}: expected non-canonical at byte {}, got {}", show_key(mixed), *first_lower, describe(strict.error())));
  }
  return Outcome::holds();
}

Outcome ulid_time_range(std::int64_t unix_ms, const Ulid::Entropy& entropy) {
  auto u = make_ulid(unix_ms, entropy);
  if (unix_ms < 0 || unix_ms > kLastMs) {
    if (u) return Outcome::fails(fmt::format("unix time {} ms is outside the ULID range, yet make_ulid gave {}", unix_ms, encode_ulid(*u)));
    if (u.error().code != ErrorCode::kOutOfRange) return Outcome::fails(fmt::format("unix time {} ms: expected out of range, got {}", unix_ms, describe(u.error())));
    return Outcome::holds();
  }
  if (!u) return Outcome::fails(fmt::format("unix time {} ms is in range, yet make_ulid failed: {}", unix_ms, describe(u.error())));
  if (vec(*u) != oracle_bytes(unix_ms, vec(entropy))) {
    return Outcome::fails(fmt::format("make_ulid({}, {}) gives {}, expected {}", unix_ms, hex(vec(entropy)), hex(vec(*u)), hex(oracle_bytes(unix_ms, vec(entropy)))));
  }
  if (u->unix_ms() != unix_ms || u->entropy() != entropy) {
    return Outcome::fails(fmt::format("make_ulid({}, {}) reads back as ({}, {})", unix_ms, hex(vec(entropy)), u->unix_ms(), hex(vec(u->entropy()))));
  }
  const std::string want = oracle::utc_text(unix_ms / 1000, static_cast<int>(unix_ms % 1000));
  const std::string got = ulid_time_rfc3339(*u);
  if (got != want) return Outcome::fails(fmt::format("unix time {} ms is shown as {}, the calendar says {}", unix_ms, got, want));
  return Outcome::holds();
}

Outcome ulid_generator_model(bool monotonic, const std::vector<std::int64_t>& clock_ms, const std::vector<Ulid::Entropy>& randoms) {
  std::size_t call = 0;
  std::size_t drawn = 0;
  UlidGenerator::Options options;
  options.monotonic = monotonic;
  options.clock = [&] { return clock_ms[call]; };
  options.random = scripted(randoms, drawn);
  UlidGenerator generator(options);

  std::optional<ByteVector> last;
  std::size_t model_drawn = 0;
  for (; call < clock_ms.size(); ++call) {
    auto got = generator.next();
    const std::int64_t ms = clock_ms[call];
    const std::string where = fmt::format("{} mode, clock script {} (call {})", monotonic ? "monotonic" : "random", show_script(clock_ms, call), call + 1);
    std::optional<ErrorCode> want_error;
    ByteVector want;
    if (ms < 0 || ms > kLastMs) {
      want_error = ErrorCode::kOutOfRange;
    } else if (monotonic && last && static_cast<std::uint64_t>(ms) <= oracle::read_big_endian(*last, 0, 6)) {
      auto entropy = oracle::increment(ByteVector(last->begin() + 6, last->end()));
      if (!entropy) {
        want_error = ErrorCode::kOverflow;
      } else {
        want = ByteVector(last->begin(), last->begin() + 6);
        want.insert(want.end(), entropy->begin(), entropy->end());
      }
    } else if (model_drawn == randoms.size()) {
      want_error = ErrorCode::kUnavailable;
    } else {
      want = oracle_bytes(ms, vec(randoms[model_drawn++]));
    }
    if (want_error) {
      if (got) return Outcome::fails(fmt::format("{}: expected a {} error, got {}", where, to_string(*want_error), hex(vec(*got))));
      if (got.error().code != *want_error) return Outcome::fails(fmt::format("{}: expected a {} error, got {}", where, to_string(*want_error), describe(got.error())));
      continue;
    }
    if (!got) return Outcome::fails(fmt::format("{}: expected {}, got {}", where, hex(want), describe(got.error())));
    if (vec(*got) != want) return Outcome::fails(fmt::format("{}: expected {}, got {}", where, hex(want), hex(vec(*got))));
    last = want;
  }
  return Outcome::holds();
}

Outcome ulid_monotonic_order(const std::vector<std::int64_t>& clock_ms, const std::vector<Ulid::Entropy>& randoms) {
  std::size_t call = 0;
  std::size_t drawn = 0;
  UlidGenerator::Options options;
  options.monotonic = true;
  options.clock = [&] { return clock_ms[call]; };
  options.random = scripted(randoms, drawn);
  UlidGenerator generator(options);
  std::optional<Ulid> previous;
  for (; call < clock_ms.size(); ++call) {
    auto got = generator.next();
    if (!got) {
      const ErrorCode c = got.error().code;
      if (c != ErrorCode::kOutOfRange && c != ErrorCode::kOverflow && c != ErrorCode::kUnavailable) {
        return Outcome::fails(fmt::format("clock script {}: unexpected error {}", show_script(clock_ms, call), describe(got.error())));
      }
      if (c == ErrorCode::kOverflow && !(previous && previous->entropy() == Ulid::max().entropy())) {
        return Outcome::fails(fmt::format("clock script {}: overflow although the last entropy was {}", show_script(clock_ms, call), previous ? hex(vec(previous->entropy())) : "(none)"));
      }
      continue;
    }
    if (previous && oracle::compare_bytes(vec(*previous), vec(*got)) >= 0) {
      return Outcome::fails(fmt::format("clock script {}: {} came after {}: not strictly increasing", show_script(clock_ms, call), encode_ulid(*got), encode_ulid(*previous)));
    }
    previous = *got;
  }
  return Outcome::holds();
}

Outcome ulid_monotonic_threads(int threads, int per_thread, int calls_per_ms, int back_ms, std::uint64_t seed) {
  std::atomic<std::int64_t> calls{0};
  std::atomic<std::uint64_t> draws{0};
  std::mutex log_mutex;  // the observer runs under the generator's lock; this only guards the vector
  std::vector<Ulid> global;
  UlidGenerator::Options options;
  options.monotonic = true;
  options.clock = [&] {
    const std::int64_t n = calls.fetch_add(1);
    // Widens any window between reading and writing the generator's state:
    // without its lock, threads then interleave there often enough to show.
    if (n % 5 == 0) std::this_thread::yield();
    const std::int64_t base = 1600000000000 + n / (calls_per_ms > 0 ? calls_per_ms : 1);
    return n % 97 == 96 ? base - back_ms : base;
  };
  options.random = [&](std::span<std::uint8_t> out) -> Result<void> {
    fill_splitmix(out, seed, draws.fetch_add(1));
    return {};
  };
  options.observer = [&](const Ulid& u) {
    std::lock_guard<std::mutex> lock(log_mutex);
    global.push_back(u);
  };
  UlidGenerator generator(options);
  std::vector<std::vector<Ulid>> got(static_cast<std::size_t>(threads));
  std::vector<std::string> errors(static_cast<std::size_t>(threads));
  {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        auto& mine = got[static_cast<std::size_t>(t)];
        for (int i = 0; i < per_thread; ++i) {
          auto u = generator.next();
          if (!u) {
            errors[static_cast<std::size_t>(t)] = describe(u.error());
            return;
          }
          mine.push_back(*u);
        }
      });
    }
    for (auto& th : pool) th.join();
  }
  const std::string setup = fmt::format("{} threads x {} IDs, clock +1 ms every {} calls, -{} ms every 97th", threads, per_thread, calls_per_ms, back_ms);
  std::set<ByteVector> all;
  for (int t = 0; t < threads; ++t) {
    const auto& mine = got[static_cast<std::size_t>(t)];
    if (!errors[static_cast<std::size_t>(t)].empty()) return Outcome::fails(fmt::format("{}: thread {} got an error: {}", setup, t, errors[static_cast<std::size_t>(t)]));
    for (std::size_t i = 0; i < mine.size(); ++i) {
      if (i > 0 && oracle::compare_bytes(vec(mine[i - 1]), vec(mine[i])) >= 0) {
        return Outcome::fails(fmt::format("{}: thread {} drew {} after {}: not strictly increasing", setup, t, encode_ulid(mine[i]), encode_ulid(mine[i - 1])));
      }
      if (!all.insert(vec(mine[i])).second) return Outcome::fails(fmt::format("{}: {} was handed out twice", setup, encode_ulid(mine[i])));
    }
  }
  if (global.size() != all.size()) return Outcome::fails(fmt::format("{}: the observer saw {} IDs, the threads got {}", setup, global.size(), all.size()));
  for (std::size_t i = 1; i < global.size(); ++i) {
    if (oracle::compare_bytes(vec(global[i - 1]), vec(global[i])) >= 0) {
      return Outcome::fails(fmt::format("{}: in generation order, {} came after {}", setup, encode_ulid(global[i]), encode_ulid(global[i - 1])));
    }
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
