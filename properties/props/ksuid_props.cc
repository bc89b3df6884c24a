#include "props/ksuid_props.h"

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

constexpr std::int64_t kEpoch = 1400000000;  // the KSUID epoch, restated for the oracle side
constexpr std::int64_t kLast = kEpoch + 4294967295LL;

ByteVector vec(const Ksuid::Bytes& b) { return ByteVector(b.begin(), b.end()); }
ByteVector vec(const Ksuid::Payload& p) { return ByteVector(p.begin(), p.end()); }
ByteVector vec(const Ksuid& k) { return vec(k.bytes()); }
std::string hex(const ByteVector& v) { return oracle::hex(v); }

// The oracle's text of 20 bytes: 27 base-62 digits by long division.
std::string oracle_text(const ByteVector& bytes) { return *oracle::to_base(bytes, oracle::kNaiveBase62, 27); }

// What the oracle says decode must do with `text`: the 20 bytes, or nothing.
std::optional<ByteVector> oracle_decode(std::string_view text) {
  if (text.size() != 27) return std::nullopt;
  return oracle::from_base(text, oracle::kNaiveBase62, 20);
}

Result<std::string> encode_result(const Ksuid& k) { return encode_ksuid(k); }

// The KSUID of a unix second and a payload, built by the oracle side.
ByteVector oracle_bytes(std::int64_t unix_seconds, const ByteVector& payload) {
  const auto ts = static_cast<std::uint64_t>(unix_seconds - kEpoch);
  ByteVector out(4 + payload.size());
  for (std::size_t i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(ts >> (24 - 8 * i));
  for (std::size_t i = 0; i < payload.size(); ++i) out[4 + i] = payload[i];
  return out;
}

std::int64_t floor_div_1000(std::int64_t ms) {
  std::int64_t q = ms / 1000;
  if (ms % 1000 < 0) --q;
  return q;
}

// Hands out `randoms` in order, then fails.
RandomBytes scripted(const std::vector<Ksuid::Payload>& randoms, std::size_t& next) {
  return [&randoms, &next](std::span<std::uint8_t> out) -> Result<void> {
    if (next >= randoms.size()) return make_error(ErrorCode::kUnavailable, 0, "the scripted random bytes ran out");
    if (out.size() != 16) return make_error(ErrorCode::kBadParameter, 0, "expected a request for 16 bytes");
    std::copy(randoms[next].begin(), randoms[next].end(), out.begin());
    ++next;
    return {};
  };
}

}  // namespace

Outcome ksuid_round_trip(const Ksuid::Bytes& bytes) {
  const Ksuid k(bytes);
  const std::string text = encode_ksuid(k);
  auto back = decode_ksuid(text);
  if (!back) return Outcome::fails(fmt::format("{} encodes to {}, which does not decode: {}", hex(vec(bytes)), show_key(text), describe(back.error())));
  if (*back != k) return Outcome::fails(fmt::format("{} -> {} -> {}", hex(vec(bytes)), show_key(text), hex(vec(*back))));
  auto binary = ksuid_from_bytes(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  if (!binary || *binary != k) return Outcome::fails(fmt::format("the 20 bytes {} do not read back as themselves", hex(vec(bytes))));
  auto parts = make_ksuid(k.unix_seconds(), k.payload());
  if (!parts) return Outcome::fails(fmt::format("{}: make_ksuid({}, payload) failed: {}", hex(vec(bytes)), k.unix_seconds(), describe(parts.error())));
  if (*parts != k) return Outcome::fails(fmt::format("{}: make_ksuid(unix_seconds(), payload()) gives {}", hex(vec(bytes)), hex(vec(*parts))));
  return Outcome::holds();
}

Outcome ksuid_matches_oracle(const Ksuid::Bytes& bytes) {
  const std::string want = oracle_text(vec(bytes));
  const std::string got = encode_ksuid(Ksuid(bytes));
  if (got != want) return Outcome::fails(fmt::format("{} encodes to {}, the oracle's base 62 is {}", hex(vec(bytes)), show_key(got), show_key(want)));
  auto back = decode_ksuid(want);
  if (!back) return Outcome::fails(fmt::format("the oracle's {} for {} does not decode: {}", show_key(want), hex(vec(bytes)), describe(back.error())));
  if (vec(*back) != vec(bytes)) return Outcome::fails(fmt::format("the oracle's {} decodes to {}, not {}", show_key(want), hex(vec(*back)), hex(vec(bytes))));
  return Outcome::holds();
}

Outcome ksuid_order(const Ksuid::Bytes& a, const Ksuid::Bytes& b) {
  const Ksuid ka(a), kb(b);
  // (timestamp, payload) field by field, as the oracle reads them.
  const ByteVector va = vec(a), vb = vec(b);
  const std::uint64_t ta = oracle::read_big_endian(va, 0, 4), tb = oracle::read_big_endian(vb, 0, 4);
  const int want = ta != tb ? (ta < tb ? -1 : 1)
                            : oracle::compare_bytes(ByteVector(va.begin() + 4, va.end()), ByteVector(vb.begin() + 4, vb.end()));
  const std::string sa = encode_ksuid(ka), sb = encode_ksuid(kb);
  const int text = key_order(sa, sb);
  if (text != want) {
    return Outcome::fails(fmt::format("{} {} {} but their keys {} {} {}", hex(va), order_word(want), hex(vb), show_key(sa), order_word(text), show_key(sb)));
  }
  const int typed = ka < kb ? -1 : (kb < ka ? 1 : 0);
  if (typed != want) return Outcome::fails(fmt::format("{} {} {} but Ksuid's operator<=> says {}", hex(va), order_word(want), hex(vb), order_word(typed)));
  return Outcome::holds();
}

Outcome ksuid_rejects_malformed(const Ksuid::Bytes& bytes, char extra, std::size_t position) {
  const std::string key = encode_ksuid(Ksuid(bytes));
  if (Outcome o = rejects_truncated_and_extended(key, decode_ksuid, std::string_view(&extra, 1)); !o.ok()) return o;
  if (oracle::kNaiveBase62.find(extra) != std::string_view::npos) return Outcome::holds();
  std::string changed = key;
  changed[position % changed.size()] = extra;
  if (auto k = decode_ksuid(changed)) {
    return Outcome::fails(fmt::format("{} holds a byte outside the alphabet, yet decoded to {}", show_key(changed), hex(vec(*k))));
  }
  return Outcome::holds();
}

Outcome ksuid_total_decode(std::string_view bytes) {
  if (Outcome o = decode_is_total_and_canonical(bytes, decode_ksuid, encode_result); !o.ok()) return o;
  const auto want = oracle_decode(bytes);
  auto got = decode_ksuid(bytes);
  if (got.has_value() != want.has_value()) {
    return Outcome::fails(fmt::format("decode {} {}, the oracle {} it", show_key(bytes), got ? "accepts" : "rejects", want ? "accepts" : "rejects"));
  }
  if (got && vec(*got) != *want) return Outcome::fails(fmt::format("{} decodes to {}, the oracle reads {}", show_key(bytes), hex(vec(*got)), hex(*want)));
  return Outcome::holds();
}

Outcome ksuid_never_wraps(std::string_view text) {
  if (text.size() != 27) return Outcome::discard("not 27 characters");
  const auto want = oracle::from_base(text, oracle::kNaiveBase62, 20);
  auto got = decode_ksuid(text);
  if (!want) {
    if (got) return Outcome::fails(fmt::format("{} is above Max (2^160 - 1), yet decoded to {}: it wrapped", show_key(text), hex(vec(*got))));
    if (got.error().code != ErrorCode::kOutOfRange && got.error().code != ErrorCode::kBadCharacter) {
      return Outcome::fails(fmt::format("{} is above Max: expected out of range, got {}", show_key(text), describe(got.error())));
    }
    return Outcome::holds();
  }
  if (!got) return Outcome::fails(fmt::format("{} is at most Max, yet decode failed: {}", show_key(text), describe(got.error())));
  if (vec(*got) != *want) return Outcome::fails(fmt::format("{} decodes to {}, the oracle reads {}", show_key(text), hex(vec(*got)), hex(*want)));
  return Outcome::holds();
}

Outcome ksuid_time_range(std::int64_t unix_seconds, const Ksuid::Payload& payload) {
  auto k = make_ksuid(unix_seconds, payload);
  const bool in_range = unix_seconds >= kEpoch && unix_seconds <= kLast;
  if (!in_range) {
    if (k) return Outcome::fails(fmt::format("unix time {} is outside the KSUID range, yet make_ksuid gave {} (timestamp {}): it wrapped", unix_seconds, encode_ksuid(*k), k->timestamp()));
    if (k.error().code != ErrorCode::kOutOfRange) return Outcome::fails(fmt::format("unix time {}: expected out of range, got {}", unix_seconds, describe(k.error())));
    return Outcome::holds();
  }
  if (!k) return Outcome::fails(fmt::format("unix time {} is in range, yet make_ksuid failed: {}", unix_seconds, describe(k.error())));
  if (vec(*k) != oracle_bytes(unix_seconds, vec(payload))) {
    return Outcome::fails(fmt::format("make_ksuid({}, {}) gives bytes {}, expected {}", unix_seconds, hex(vec(payload)), hex(vec(*k)), hex(oracle_bytes(unix_seconds, vec(payload)))));
  }
  if (k->unix_seconds() != unix_seconds || k->payload() != payload) {
    return Outcome::fails(fmt::format("make_ksuid({}, {}) reads back as ({}, {})", unix_seconds, hex(vec(payload)), k->unix_seconds(), hex(vec(k->payload()))));
  }
  const std::string want = oracle::utc_text(unix_seconds, -1);
  const std::string got = ksuid_time_rfc3339(*k);
  if (got != want) return Outcome::fails(fmt::format("unix time {} is shown as {}, the calendar says {}", unix_seconds, got, want));
  return Outcome::holds();
}

Outcome ksuid_generator_model(bool monotonic, const std::vector<std::int64_t>& clock_ms,
                              const std::vector<Ksuid::Payload>& randoms) {
  std::size_t call = 0;
  std::size_t drawn = 0;
  KsuidGenerator::Options options;
  options.monotonic = monotonic;
  options.clock = [&] { return clock_ms[call]; };
  options.random = scripted(randoms, drawn);
  KsuidGenerator generator(options);

  std::optional<ByteVector> last;  // the model's last ID
  std::size_t model_drawn = 0;
  for (; call < clock_ms.size(); ++call) {
    auto got = generator.next();
    const std::int64_t second = floor_div_1000(clock_ms[call]);
    const std::string where = fmt::format("{} mode, clock script {} (call {})", monotonic ? "monotonic" : "random", show_script(clock_ms, call), call + 1);
    std::optional<ErrorCode> want_error;
    ByteVector want;
    if (second < kEpoch || second > kLast) {
      want_error = ErrorCode::kOutOfRange;
    } else if (monotonic && last && static_cast<std::uint64_t>(second - kEpoch) <= oracle::read_big_endian(*last, 0, 4)) {
      auto payload = oracle::increment(ByteVector(last->begin() + 4, last->end()));
      if (!payload) {
        want_error = ErrorCode::kOverflow;
      } else {
        want = ByteVector(last->begin(), last->begin() + 4);
        want.insert(want.end(), payload->begin(), payload->end());
      }
    } else if (model_drawn == randoms.size()) {
      want_error = ErrorCode::kUnavailable;
    } else {
      want = oracle_bytes(second, vec(randoms[model_drawn++]));
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

Outcome ksuid_monotonic_order(const std::vector<std::int64_t>& clock_ms, const std::vector<Ksuid::Payload>& randoms) {
  std::size_t call = 0;
  std::size_t drawn = 0;
  KsuidGenerator::Options options;
  options.monotonic = true;
  options.clock = [&] { return clock_ms[call]; };
  options.random = scripted(randoms, drawn);
  KsuidGenerator generator(options);
  std::optional<Ksuid> previous;
  for (; call < clock_ms.size(); ++call) {
    auto got = generator.next();
    if (!got) {
      const ErrorCode c = got.error().code;
      if (c != ErrorCode::kOutOfRange && c != ErrorCode::kOverflow && c != ErrorCode::kUnavailable) {
        return Outcome::fails(fmt::format("clock script {}: unexpected error {}", show_script(clock_ms, call), describe(got.error())));
      }
      if (c == ErrorCode::kOverflow && !(previous && previous->payload() == Ksuid::max().payload())) {
        return Outcome::fails(fmt::format("clock script {}: overflow although the last payload was {}", show_script(clock_ms, call), previous ? hex(vec(previous->payload())) : "(none)"));
      }
      continue;
    }
    if (previous && oracle::compare_bytes(vec(*previous), vec(*got)) >= 0) {
      return Outcome::fails(fmt::format("clock script {}: {} came after {} ({} after {}): not strictly increasing",
                                        show_script(clock_ms, call), encode_ksuid(*got), encode_ksuid(*previous), hex(vec(*got)), hex(vec(*previous))));
    }
    previous = *got;
  }
  return Outcome::holds();
}

Outcome ksuid_monotonic_threads(int threads, int per_thread, int calls_per_ms, int back_ms, std::uint64_t seed) {
  std::atomic<std::int64_t> calls{0};
  std::atomic<std::uint64_t> draws{0};
  std::mutex log_mutex;  // the observer runs under the generator's lock; this only guards the vector
  std::vector<Ksuid> global;
  KsuidGenerator::Options options;
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
  options.observer = [&](const Ksuid& k) {
    std::lock_guard<std::mutex> lock(log_mutex);
    global.push_back(k);
  };
  KsuidGenerator generator(options);
  std::vector<std::vector<Ksuid>> got(static_cast<std::size_t>(threads));
  std::vector<std::string> errors(static_cast<std::size_t>(threads));
  {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        auto& mine = got[static_cast<std::size_t>(t)];
        for (int i = 0; i < per_thread; ++i) {
          auto k = generator.next();
          if (!k) {
            errors[static_cast<std::size_t>(t)] = describe(k.error());
            return;
          }
          mine.push_back(*k);
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
        return Outcome::fails(fmt::format("{}: thread {} drew {} after {}: not strictly increasing", setup, t, encode_ksuid(mine[i]), encode_ksuid(mine[i - 1])));
      }
      if (!all.insert(vec(mine[i])).second) return Outcome::fails(fmt::format("{}: {} was handed out twice", setup, encode_ksuid(mine[i])));
    }
  }
  if (global.size() != all.size()) return Outcome::fails(fmt::format("{}: the observer saw {} IDs, the threads got {}", setup, global.size(), all.size()));
  for (std::size_t i = 1; i < global.size(); ++i) {
    if (oracle::compare_bytes(vec(global[i - 1]), vec(global[i])) >= 0) {
      return Outcome::fails(fmt::format("{}: in generation order, {} came after {}", setup, encode_ksuid(global[i]), encode_ksuid(global[i - 1])));
    }
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
