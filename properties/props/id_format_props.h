// File: properties/props/id_format_props.h
//
// The properties KSUIDs and ULIDs share, written once over the format's
// traits: order by (time, tail) field by field, the generator against the
// documented model, monotonic order on any clock script, and monotonic order
// across threads. props/ksuid_props.cc and props/ulid_props.cc instantiate
// them; nothing else should include this header.
//
// They also state once the round trips, the match with the oracle's base
// conversion, the binary form, what consuming a key from longer text reads,
// and the check of a decoder's documented error.
//
// A traits struct `F` provides:
//   Id, Generator, Tail              the ID type, its generator, the random part (std::array)
//   kTimeBytes                       the big-endian time field's width in bytes
//   kTypeName, kTailName             "Ksuid", "payload": the words of failure messages
//   kMakeName, kTimeName             "make_ksuid", "unix_seconds": the maker and the time accessor
//   kBaseName                        "base 62": the text's base, as failure messages name it
//   kPluralName                      "KSUIDs": the IDs, as failure messages name them
//   kDecodeKeyName, kConsumeName     "decode_ksuid", "consume_ksuid": the canonical decoder, the
//   consumer kFromBytesName                   "ksuid_from_bytes": the binary reader kTextSize the
//   key's length in bytes kDecoders                        every text decoder (std::array of
//   function pointers) decode_key(text)                 the canonical decoder, the one for keys
//   read back consume_key(in)                  the consumer: decode_key of in's first kTextSize
//   bytes,
//                                    which it then drops from `in`
//   consumed_wrong(left, size)       the failure message when the consumer left `left` bytes
//                                    of `size` instead of size - kTextSize
//   from_bytes(bytes), make(t, tail) the binary reader and the maker from (time, tail)
//   time(id)                         the ID's time, as make takes it
//   oracle_text(bytes)               the oracle's text of the ID's bytes
//   time_of(clock_ms)                the clock reading in the ID's unit
//   in_range(t)                      iff the ID can hold time t
//   stamp(t)                         the time field's value for time t (REQUIRES: in_range(t))
//   tail(id), encode(id)             the ID's random part, its text
//   after(got, previous)             "<got> came after <previous>" as a failure message says it

#ifndef SORTKEY_PROPERTIES_ID_FORMAT_PROPS_H_
#define SORTKEY_PROPERTIES_ID_FORMAT_PROPS_H_

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "oracles/naive_base.h"
#include "properties/props/common.h"
#include "properties/props/id_common.h"
#include "properties/props/outcome.h"
#include "sortkey/error.h"
#include "sortkey/id_source.h"

namespace sortkey::props::id_internal {

using oracle::ByteVector;

template <std::size_t N>
ByteVector vec(const std::array<std::uint8_t, N>& b) {
  return ByteVector(b.begin(), b.end());
}
template <class Id>
requires requires(const Id& id) { id.bytes(); }
ByteVector vec(const Id& id) { return vec(id.bytes()); }
inline std::string hex(const ByteVector& v) { return oracle::hex(v); }

// The ID of time `t` and `tail`, built by the oracle side.
template <class F>
ByteVector oracle_bytes(std::int64_t t, const ByteVector& tail) {
  const std::uint64_t stamp = F::stamp(t);
  ByteVector out(F::kTimeBytes + tail.size());
  for (std::size_t i = 0; i < F::kTimeBytes; ++i) {
    out[i] = static_cast<std::uint8_t>(stamp >> (8 * (F::kTimeBytes - 1 - i)));
  }
  for (std::size_t i = 0; i < tail.size(); ++i) out[F::kTimeBytes + i] = tail[i];
  return out;
}

// Hands out `randoms` in order, then fails.
template <class F>
RandomBytes scripted(const std::vector<typename F::Tail>& randoms, std::size_t& next) {
  return [&randoms, &next](std::span<std::uint8_t> out) -> Result<void> {
    constexpr std::size_t kSize = std::tuple_size_v<typename F::Tail>;
    if (next >= randoms.size()) {
      return make_error(ErrorCode::kUnavailable, 0, "the scripted random bytes ran out");
    }
    if (out.size() != kSize) {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("expected a request for {} bytes", kSize));
    }
    std::copy(randoms[next].begin(), randoms[next].end(), out.begin());
    ++next;
    return {};
  };
}

// A generator on the clock script `clock_ms` (read at call `call`) and the
// scripted randoms.
template <class F>
typename F::Generator scripted_generator(bool monotonic, const std::vector<std::int64_t>& clock_ms,
                                         const std::size_t& call,
                                         const std::vector<typename F::Tail>& randoms,
                                         std::size_t& drawn) {
  typename F::Generator::Options options;
  options.monotonic = monotonic;
  options.clock = [&clock_ms, &call] { return clock_ms[call]; };
  options.random = scripted<F>(randoms, drawn);
  return typename F::Generator(options);
}

// Every decoder gives the ID back from its text, from_bytes from its bytes,
// and make from its (time, tail).
template <class F>
Outcome round_trip(const typename F::Id::Bytes& bytes) {
  const typename F::Id id(bytes);
  const std::string text = F::encode(id);
  for (auto decode : F::kDecoders) {
    auto back = decode(text);
    if (!back)
      return Outcome::fails(fmt::format("{} encodes to {}, which does not decode: {}",
                                        hex(vec(bytes)), show_key(text), describe(back.error())));
    if (*back != id)
      return Outcome::fails(
          fmt::format("{} -> {} -> {}", hex(vec(bytes)), show_key(text), hex(vec(*back))));
  }
  auto binary =
      F::from_bytes(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  if (!binary || *binary != id)
    return Outcome::fails(fmt::format("the {} bytes {} do not read back as themselves",
                                      bytes.size(), hex(vec(bytes))));
  auto parts = F::make(F::time(id), F::tail(id));
  if (!parts)
    return Outcome::fails(fmt::format("{}: {}({}, {}) failed: {}", hex(vec(bytes)), F::kMakeName,
                                      F::time(id), F::kTailName, describe(parts.error())));
  if (*parts != id)
    return Outcome::fails(fmt::format("{}: {}({}(), {}()) gives {}", hex(vec(bytes)), F::kMakeName,
                                      F::kTimeName, F::kTailName, hex(vec(*parts))));
  return Outcome::holds();
}

// The ID's text is the oracle's, and the canonical decoder reads the
// oracle's text back as the ID's bytes.
template <class F>
Outcome matches_oracle(const typename F::Id::Bytes& bytes) {
  const std::string want = F::oracle_text(vec(bytes));
  const std::string got = F::encode(typename F::Id(bytes));
  if (got != want)
    return Outcome::fails(fmt::format("{} encodes to {}, the oracle's {} is {}", hex(vec(bytes)),
                                      show_key(got), F::kBaseName, show_key(want)));
  auto back = F::decode_key(want);
  if (!back)
    return Outcome::fails(fmt::format("the oracle's {} for {} does not decode: {}", show_key(want),
                                      hex(vec(bytes)), describe(back.error())));
  if (vec(*back) != vec(bytes))
    return Outcome::fails(fmt::format("the oracle's {} decodes to {}, not {}", show_key(want),
                                      hex(vec(*back)), hex(vec(bytes))));
  return Outcome::holds();
}

// A decoder's documented answer: the error's code and offset, or nullopt
// for a value.
using DocumentedError = std::optional<std::pair<ErrorCode, std::size_t>>;

// `got` (what the reader named `what` returned) is the documented error
// (`want`'s code at its offset, with a message), or a value iff `want` is
// nullopt.
template <class T>
Outcome expect_result(const Result<T>& got, const DocumentedError& want, std::string_view what) {
  if (!want) {
    if (got) return Outcome::holds();
    return Outcome::fails(fmt::format("{}: expected a value, got {}", what, describe(got.error())));
  }
  if (got) {
    return Outcome::fails(fmt::format("{}: expected a {} error at byte {}, got a value", what,
                                      to_string(want->first), want->second));
  }
  if (got.error().code != want->first || got.error().offset != want->second) {
    return Outcome::fails(fmt::format("{}: expected a {} error at byte {}, got {}", what,
                                      to_string(want->first), want->second, describe(got.error())));
  }
  if (got.error().message.empty())
    return Outcome::fails(fmt::format("{}: an error without a message", what));
  return Outcome::holds();
}

// The binary reader takes exactly the format's size of any bytes (shorter:
// kTruncated at their end; longer: kTrailingBytes at the size) and keeps
// them; the ID then holds round_trip and matches_oracle.
template <class F>
Outcome binary_form(std::string_view bytes) {
  constexpr std::size_t kSize = std::tuple_size_v<typename F::Id::Bytes>;
  auto got = F::from_bytes(bytes);
  DocumentedError want;
  if (bytes.size() < kSize) want = std::pair{ErrorCode::kTruncated, bytes.size()};
  if (bytes.size() > kSize) want = std::pair{ErrorCode::kTrailingBytes, kSize};
  if (auto o = expect_result(got, want, F::kFromBytesName); !o.ok() || !got) return o;
  if (std::string_view(reinterpret_cast<const char*>(got->bytes().data()), kSize) != bytes) {
    return Outcome::fails(fmt::format("{} did not keep the {} bytes", F::kFromBytesName, kSize));
  }
  return first_failure({round_trip<F>(got->bytes()), matches_oracle<F>(got->bytes())});
}

// The consumer reads exactly the first kTextSize bytes of `text` as the
// canonical decoder reads them, or fails as it fails and leaves its input
// alone. `decoded` is F::decode_key(text), reused when `text` is no longer
// than a key.
template <class F>
Outcome consume(std::string_view text, const Result<typename F::Id>& decoded) {
  std::string_view in = text;
  auto got = F::consume_key(in);
  const auto head =
      text.size() <= F::kTextSize ? decoded : F::decode_key(text.substr(0, F::kTextSize));
  if (got.has_value() != head.has_value()) {
    return Outcome::fails(fmt::format("{} {} the input, {} {} its first {} bytes", F::kConsumeName,
                                      got ? "accepts" : "rejects", F::kDecodeKeyName,
                                      head ? "accepts" : "rejects", F::kTextSize));
  }
  if (!got) {
    if (in != text)
      return Outcome::fails(fmt::format("{} failed but advanced its input", F::kConsumeName));
    if (got.error() != head.error()) {
      return Outcome::fails(fmt::format("{} fails with {}, {} of the first {} bytes with {}",
                                        F::kConsumeName, describe(got.error()), F::kDecodeKeyName,
                                        F::kTextSize, describe(head.error())));
    }
    return Outcome::holds();
  }
  if (*got != *head) {
    return Outcome::fails(fmt::format("{} and {} read different {}", F::kConsumeName,
                                      F::kDecodeKeyName, F::kPluralName));
  }
  if (in != text.substr(F::kTextSize))
    return Outcome::fails(F::consumed_wrong(in.size(), text.size()));
  return Outcome::holds();
}

template <class F>
Outcome order(const typename F::Id::Bytes& a, const typename F::Id::Bytes& b) {
  const typename F::Id ia(a), ib(b);
  // (time, tail) field by field, as the oracle reads them.
  const ByteVector va = vec(a), vb = vec(b);
  const std::uint64_t ta = oracle::read_big_endian(va, 0, F::kTimeBytes);
  const std::uint64_t tb = oracle::read_big_endian(vb, 0, F::kTimeBytes);
  const int want = ta != tb
                       ? (ta < tb ? -1 : 1)
                       : oracle::compare_bytes(ByteVector(va.begin() + F::kTimeBytes, va.end()),
                                               ByteVector(vb.begin() + F::kTimeBytes, vb.end()));
  const std::string sa = F::encode(ia), sb = F::encode(ib);
  const int text = key_order(sa, sb);
  if (text != want) {
    return Outcome::fails(fmt::format("{} {} {} but their keys {} {} {}", hex(va), order_word(want),
                                      hex(vb), show_key(sa), order_word(text), show_key(sb)));
  }
  const int typed = ia < ib ? -1 : (ib < ia ? 1 : 0);
  if (typed != want) {
    return Outcome::fails(fmt::format("{} {} {} but {}'s operator<=> says {}", hex(va),
                                      order_word(want), hex(vb), F::kTypeName, order_word(typed)));
  }
  return Outcome::holds();
}

// The model's verdict on one call: the ID, or the error the generator must give.
struct ModelStep {
  std::optional<ErrorCode> error;
  ByteVector id;
};

// The documented model at time `t`, after `last` (the model's last ID),
// drawing from `randoms` at `drawn`.
template <class F>
ModelStep model_step(bool monotonic, std::int64_t t, const std::optional<ByteVector>& last,
                     const std::vector<typename F::Tail>& randoms, std::size_t& drawn) {
  constexpr std::size_t kT = F::kTimeBytes;
  if (!F::in_range(t)) return {ErrorCode::kOutOfRange, {}};
  if (monotonic && last && F::stamp(t) <= oracle::read_big_endian(*last, 0, kT)) {
    auto tail = oracle::increment(ByteVector(last->begin() + kT, last->end()));
    if (!tail) return {ErrorCode::kOverflow, {}};
    ByteVector want(last->begin(), last->begin() + kT);
    want.insert(want.end(), tail->begin(), tail->end());
    return {std::nullopt, want};
  }
  if (drawn == randoms.size()) return {ErrorCode::kUnavailable, {}};
  return {std::nullopt, oracle_bytes<F>(t, vec(randoms[drawn++]))};
}

template <class F>
Outcome generator_model(bool monotonic, const std::vector<std::int64_t>& clock_ms,
                        const std::vector<typename F::Tail>& randoms) {
  std::size_t call = 0;
  std::size_t drawn = 0;
  auto generator = scripted_generator<F>(monotonic, clock_ms, call, randoms, drawn);
  std::optional<ByteVector> last;  // the model's last ID
  std::size_t model_drawn = 0;
  for (; call < clock_ms.size(); ++call) {
    auto got = generator.next();
    const std::string where =
        fmt::format("{} mode, clock script {} (call {})", monotonic ? "monotonic" : "random",
                    show_script(clock_ms, call), call + 1);
    const ModelStep want =
        model_step<F>(monotonic, F::time_of(clock_ms[call]), last, randoms, model_drawn);
    if (want.error) {
      if (got) {
        return Outcome::fails(fmt::format("{}: expected a {} error, got {}", where,
                                          to_string(*want.error), hex(vec(*got))));
      }
      if (got.error().code != *want.error) {
        return Outcome::fails(fmt::format("{}: expected a {} error, got {}", where,
                                          to_string(*want.error), describe(got.error())));
      }
      continue;
    }
    if (!got) {
      return Outcome::fails(
          fmt::format("{}: expected {}, got {}", where, hex(want.id), describe(got.error())));
    }
    if (vec(*got) != want.id) {
      return Outcome::fails(
          fmt::format("{}: expected {}, got {}", where, hex(want.id), hex(vec(*got))));
    }
    last = want.id;
  }
  return Outcome::holds();
}

template <class F>
Outcome monotonic_order(const std::vector<std::int64_t>& clock_ms,
                        const std::vector<typename F::Tail>& randoms) {
  std::size_t call = 0;
  std::size_t drawn = 0;
  auto generator = scripted_generator<F>(true, clock_ms, call, randoms, drawn);
  std::optional<typename F::Id> previous;
  for (; call < clock_ms.size(); ++call) {
    auto got = generator.next();
    if (!got) {
      const ErrorCode c = got.error().code;
      if (c != ErrorCode::kOutOfRange && c != ErrorCode::kOverflow &&
          c != ErrorCode::kUnavailable) {
        return Outcome::fails(fmt::format("clock script {}: unexpected error {}",
                                          show_script(clock_ms, call), describe(got.error())));
      }
      if (c == ErrorCode::kOverflow && !(previous && F::tail(*previous) == F::tail(F::Id::max()))) {
        return Outcome::fails(fmt::format("clock script {}: overflow although the last {} was {}",
                                          show_script(clock_ms, call), F::kTailName,
                                          previous ? hex(vec(F::tail(*previous))) : "(none)"));
      }
      continue;
    }
    if (previous && oracle::compare_bytes(vec(*previous), vec(*got)) >= 0) {
      return Outcome::fails(fmt::format("clock script {}: {}: not strictly increasing",
                                        show_script(clock_ms, call), F::after(*got, *previous)));
    }
    previous = *got;
  }
  return Outcome::holds();
}

// What the threads of monotonic_threads drew, and the generation order.
template <class Id>
struct Draws {
  std::vector<std::vector<Id>> per_thread;
  std::vector<std::string> errors;  // per thread, "" when none
  std::vector<Id> global;           // as the observer saw them
};

// `threads` threads draw `per_thread` IDs each from one monotonic generator
// on the clock monotonic_threads documents.
template <class F>
Draws<typename F::Id> draw_in_threads(int threads, int per_thread, int calls_per_ms, int back_ms,
                                      std::uint64_t seed) {
  using Id = typename F::Id;
  std::atomic<std::int64_t> calls{0};
  std::atomic<std::uint64_t> draws{0};
  std::mutex
      log_mutex;  // the observer runs under the generator's lock; this only guards the vector
  Draws<Id> out;
  typename F::Generator::Options options;
  options.monotonic = true;
  options.clock = [&] {
    const std::int64_t n = calls.fetch_add(1);
    // Widens any window between reading and writing the generator's state:
    // without its lock, threads then interleave there often enough to show.
    if (n % 5 == 0) std::this_thread::yield();
    const std::int64_t base = 1600000000000 + n / (calls_per_ms > 0 ? calls_per_ms : 1);
    return n % 97 == 96 ? base - back_ms : base;
  };
  options.random = [&](std::span<std::uint8_t> bytes) -> Result<void> {
    fill_splitmix(bytes, seed, draws.fetch_add(1));
    return {};
  };
  options.observer = [&](const Id& id) {
    std::lock_guard<std::mutex> lock(log_mutex);
    out.global.push_back(id);
  };
  typename F::Generator generator(options);
  out.per_thread.resize(static_cast<std::size_t>(threads));
  out.errors.resize(static_cast<std::size_t>(threads));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      auto& mine = out.per_thread[static_cast<std::size_t>(t)];
      for (int i = 0; i < per_thread; ++i) {
        auto id = generator.next();
        if (!id) {
          out.errors[static_cast<std::size_t>(t)] = describe(id.error());
          return;
        }
        mine.push_back(*id);
      }
    });
  }
  for (auto& th : pool) th.join();
  return out;
}

template <class F>
Outcome monotonic_threads(int threads, int per_thread, int calls_per_ms, int back_ms,
                          std::uint64_t seed) {
  const Draws<typename F::Id> d =
      draw_in_threads<F>(threads, per_thread, calls_per_ms, back_ms, seed);
  const std::string setup =
      fmt::format("{} threads x {} IDs, clock +1 ms every {} calls, -{} ms every 97th", threads,
                  per_thread, calls_per_ms, back_ms);
  std::set<typename F::Id::Bytes> all;  // fixed-size keys: GCC 12 misreads vector keys at -O3
  for (int t = 0; t < threads; ++t) {
    const auto& mine = d.per_thread[static_cast<std::size_t>(t)];
    const std::string& error = d.errors[static_cast<std::size_t>(t)];
    if (!error.empty()) {
      return Outcome::fails(fmt::format("{}: thread {} got an error: {}", setup, t, error));
    }
    for (std::size_t i = 0; i < mine.size(); ++i) {
      if (i > 0 && oracle::compare_bytes(vec(mine[i - 1]), vec(mine[i])) >= 0) {
        return Outcome::fails(fmt::format("{}: thread {} drew {} after {}: not strictly increasing",
                                          setup, t, F::encode(mine[i]), F::encode(mine[i - 1])));
      }
      if (!all.insert(mine[i].bytes()).second) {
        return Outcome::fails(
            fmt::format("{}: {} was handed out twice", setup, F::encode(mine[i])));
      }
    }
  }
  if (d.global.size() != all.size()) {
    return Outcome::fails(fmt::format("{}: the observer saw {} IDs, the threads got {}", setup,
                                      d.global.size(), all.size()));
  }
  for (std::size_t i = 1; i < d.global.size(); ++i) {
    if (oracle::compare_bytes(vec(d.global[i - 1]), vec(d.global[i])) >= 0) {
      return Outcome::fails(fmt::format("{}: in generation order, {} came after {}", setup,
                                        F::encode(d.global[i]), F::encode(d.global[i - 1])));
    }
  }
  return Outcome::holds();
}

}  // namespace sortkey::props::id_internal

#endif  // SORTKEY_PROPERTIES_ID_FORMAT_PROPS_H_
