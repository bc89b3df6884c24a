#include "sortkey/ksuid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <thread>
#include <vector>

#include "src/testing/bytes.h"
#include "src/testing/golden.h"

namespace sortkey {
namespace {

using testing::hex;
using testing::is_error_field;
using testing::load_golden;

Ksuid::Payload payload_of(std::string_view hex_digits) {
  return testing::bytes_of<Ksuid::Payload>(hex_digits);
}
Ksuid::Payload filled(std::uint8_t byte) { return testing::filled<Ksuid::Payload>(byte); }

TEST(Ksuid, GoldenVectors) {
  for (const auto& row : load_golden("ksuid")) {
    SCOPED_TRACE(::testing::Message()
                 << "ksuid.tsv line " << row.line << " (" << row["source"] << ")");
    std::string kind;
    if (is_error_field(row["unix"], kind)) {
      auto id = decode_ksuid(row["text"]);
      ASSERT_FALSE(id.has_value()) << "expected " << kind << ", decoded " << encode_ksuid(*id);
      EXPECT_EQ(to_string(id.error().code), kind) << describe(id.error());
      EXPECT_LE(id.error().offset, row["text"].size());
      EXPECT_FALSE(id.error().message.empty());
      continue;
    }
    const std::int64_t unix = std::stoll(row["unix"]);
    auto made = make_ksuid(unix, payload_of(row["payload"]));
    if (is_error_field(row["text"], kind)) {
      ASSERT_FALSE(made.has_value()) << "expected " << kind << ", got " << encode_ksuid(*made);
      EXPECT_EQ(to_string(made.error().code), kind);
      continue;
    }
    ASSERT_TRUE(made.has_value()) << describe(made.error());
    EXPECT_EQ(encode_ksuid(*made), row["text"]);
    EXPECT_EQ(hex(made->bytes().data(), made->bytes().size()), row["raw"]);
    auto back = decode_ksuid(row["text"]);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(*back, *made);
    EXPECT_EQ(back->unix_seconds(), unix);
    EXPECT_EQ(hex(back->payload().data(), back->payload().size()), row["payload"]);
    EXPECT_EQ(ksuid_time_rfc3339(*back), row["time"]);
  }
}

TEST(Ksuid, NilAndMax) {
  EXPECT_EQ(encode_ksuid(Ksuid::nil()), kKsuidNilText);
  EXPECT_EQ(encode_ksuid(Ksuid::max()), kKsuidMaxText);
  EXPECT_TRUE(Ksuid::nil().is_nil());
  EXPECT_FALSE(Ksuid::max().is_nil());
  EXPECT_EQ(Ksuid::max().timestamp(), 0xFFFFFFFFu);
  EXPECT_EQ(Ksuid::max().unix_seconds(), kKsuidMaxUnix);
  EXPECT_EQ(Ksuid::nil().unix_seconds(), kKsuidMinUnix);
  EXPECT_LT(Ksuid::nil(), Ksuid::max());
}

TEST(Ksuid, PublishedInspectExample) {
  // ksuid -f inspect 0ujtsYcgvSTl8PAuAdqWYSMnLOv
  auto id = decode_ksuid("0ujtsYcgvSTl8PAuAdqWYSMnLOv");
  ASSERT_TRUE(id.has_value());
  EXPECT_EQ(id->timestamp(), 107608047u);
  EXPECT_EQ(id->unix_seconds(), 1507608047);
  EXPECT_EQ(hex(id->payload().data(), 16), "B5A1CD34B5F99D1154FB6853345C9735");
  EXPECT_EQ(ksuid_time_rfc3339(*id), "2017-10-10T04:00:47Z");
}

TEST(Ksuid, DecodeErrorsNameTheProblem) {
  EXPECT_EQ(describe(decode_ksuid("123").error()),
            "truncated at byte 3: a KSUID is 27 characters, this one ends after 3");
  EXPECT_EQ(describe(decode_ksuid("0ujtsYcgvSTl8PAuAdqWYSMnLOv0").error()),
            "trailing bytes at byte 27: a KSUID is 27 characters, this one has 1 more");
  EXPECT_EQ(describe(decode_ksuid("0ujtsYcgv-Tl8PAuAdqWYSMnLOv").error()),
            "bad character at byte 9: '-' is not a base-62 digit (0-9, A-Z, a-z; KSUIDs are "
            "case-sensitive)");
  EXPECT_EQ(describe(decode_ksuid("aWgEPTl1tmebfsQzFP4bxwgy80W").error()),
            "out of range at byte 26: \"aWgEPTl1tmebfsQzFP4bxwgy80W\" is above the largest KSUID "
            "aWgEPTl1tmebfsQzFP4bxwgy80V (twenty 0xFF bytes)");
  EXPECT_EQ(decode_ksuid("aaaaaaaaaaaaaaaaaaaaaaaaaaa").error().offset, 1u);
  EXPECT_EQ(decode_ksuid("b00000000000000000000000000").error().offset, 0u);
  // A bad character is reported before the length.
  EXPECT_EQ(decode_ksuid("12!").error().code, ErrorCode::kBadCharacter);
}

TEST(Ksuid, EveryValueAboveMaxIsRejectedNotWrapped) {
  // The 27th digit makes room for 62^27 > 2^160 values; the excess must not
  // wrap around to small KSUIDs.
  for (std::string_view text : {"aWgEPTl1tmebfsQzFP4bxwgy80W", "aWgEPTl1tmebfsQzFP4bxwgy80z",
                                "aWgEPTl1tmebfsQzFP4bxwgy81V", "zzzzzzzzzzzzzzzzzzzzzzzzzzz",
                                "b00000000000000000000000000", "aX0000000000000000000000000"}) {
    auto id = decode_ksuid(text);
    ASSERT_FALSE(id.has_value()) << text << " decoded to " << encode_ksuid(*id);
    EXPECT_EQ(id.error().code, ErrorCode::kOutOfRange) << text;
  }
}

// The encoder writes the digits in groups of four, two pairs from one
// fixed-point product each (src/internal/radix.cc); every group value is
// checked here, in the lowest group, against digit-by-digit division, and
// decoded back.
TEST(Ksuid, EveryFourDigitGroupIsExact) {
  constexpr std::uint32_t kGroups = 62 * 62 * 62 * 62;
  const std::string_view alphabet =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  std::string want(kKsuidTextSize, '0');
  std::string got;
  std::size_t wrong = 0;
  for (std::uint32_t x = 0; x < kGroups && wrong < 5; ++x) {
    std::uint32_t v = x;
    for (std::size_t i = 0; i < 4; ++i, v /= 62) want[26 - i] = alphabet[v % 62];
    Ksuid::Bytes b{};
    b[16] = static_cast<std::uint8_t>(x >> 24);
    b[17] = static_cast<std::uint8_t>(x >> 16);
    b[18] = static_cast<std::uint8_t>(x >> 8);
    b[19] = static_cast<std::uint8_t>(x);
    got.clear();
    append_ksuid(got, Ksuid(b));
    if (got != want) {
      ADD_FAILURE() << x << " encoded as " << got << ", want " << want;
      ++wrong;
    }
  }
  // And the decoder, on a sample of them.
  for (std::uint32_t x = 0; x < kGroups; x += 9973) {
    Ksuid::Bytes b{};
    b[16] = static_cast<std::uint8_t>(x >> 24);
    b[17] = static_cast<std::uint8_t>(x >> 16);
    b[18] = static_cast<std::uint8_t>(x >> 8);
    b[19] = static_cast<std::uint8_t>(x);
    auto back = decode_ksuid(encode_ksuid(Ksuid(b)));
    ASSERT_TRUE(back.has_value()) << x;
    EXPECT_EQ(back->bytes(), b) << x;
  }
}

TEST(Ksuid, ConsumeLeavesTheRestAndKeepsInputOnError) {
  std::string_view in = "0ujtsYcgvSTl8PAuAdqWYSMnLOv#ITEM";
  auto id = consume_ksuid(in);
  ASSERT_TRUE(id.has_value());
  EXPECT_EQ(in, "#ITEM");
  std::string_view bad = "0ujtsYcgvSTl8PAuAdqWYSM";
  EXPECT_FALSE(consume_ksuid(bad).has_value());
  EXPECT_EQ(bad, "0ujtsYcgvSTl8PAuAdqWYSM");
}

TEST(Ksuid, AppendsToTheCallersBuffer) {
  std::string key = "ORDER#";
  append_ksuid(key, Ksuid::max());
  EXPECT_EQ(key, "ORDER#aWgEPTl1tmebfsQzFP4bxwgy80V");
}

TEST(Ksuid, BinaryForm) {
  std::string bytes(20, '\xFF');
  EXPECT_EQ(*ksuid_from_bytes(bytes), Ksuid::max());
  EXPECT_EQ(ksuid_from_bytes(bytes.substr(0, 19)).error().code, ErrorCode::kTruncated);
  EXPECT_EQ(ksuid_from_bytes(bytes + "x").error().code, ErrorCode::kTrailingBytes);
  EXPECT_EQ(ksuid_from_bytes(bytes + "x").error().offset, 20u);
}

TEST(Ksuid, TimeRangeIsAnErrorNotAWrap) {
  EXPECT_TRUE(make_ksuid(kKsuidMinUnix, {}).has_value());
  EXPECT_TRUE(make_ksuid(kKsuidMaxUnix, {}).has_value());
  auto early = make_ksuid(kKsuidMinUnix - 1, {});
  ASSERT_FALSE(early.has_value());
  EXPECT_EQ(describe(early.error()),
            "out of range at byte 0: the unix time 1399999999 is outside the KSUID range "
            "1400000000 (2014-05-13T16:53:20Z) .. 5694967295 (2150-06-19T23:21:35Z)");
  EXPECT_EQ(make_ksuid(kKsuidMaxUnix + 1, {}).error().code, ErrorCode::kOutOfRange);
}

// A clock the test moves, in unix milliseconds.
struct FakeClock {
  std::int64_t ms = 0;
  UnixMillisClock fn() {
    return [this] { return ms; };
  }
};

// Hands out queued payloads, then fails.
struct FakeRandom {
  std::vector<Ksuid::Payload> queue;
  std::size_t next = 0;
  RandomBytes fn() {
    return [this](std::span<std::uint8_t> out) -> Result<void> {
      if (next == queue.size())
        return make_error(ErrorCode::kUnavailable, 0, "no more random bytes");
      std::copy(queue[next].begin(), queue[next].end(), out.begin());
      ++next;
      return {};
    };
  }
};

TEST(KsuidGenerator, RandomModeUsesTheClockAndTheRandomSource) {
  FakeClock clock{1507608047999};
  FakeRandom random{{payload_of("B5A1CD34B5F99D1154FB6853345C9735"), filled(0)}};
  KsuidGenerator ids(
      {.monotonic = false, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  EXPECT_EQ(encode_ksuid(*ids.next()), "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
  // Random mode draws a fresh payload even within the same second.
  EXPECT_EQ(ids.next()->payload(), filled(0));
  EXPECT_EQ(ids.next().error().code, ErrorCode::kUnavailable);
}

TEST(KsuidGenerator, MonotonicIncrementsWithinASecondLikeTheReferenceSequence) {
  FakeClock clock{1507608047000};
  FakeRandom random{{payload_of("B5A1CD34B5F99D1154FB6853345C0000")}};
  KsuidGenerator ids(
      {.monotonic = true, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  // The reference's sequence_test.go: ...MnBKa, ...MnBKb, ...MnBKc.
  EXPECT_EQ(encode_ksuid(*ids.next()), "0ujtsYcgvSTl8PAuAdqWYSMnBKa");
  clock.ms += 999;  // same second
  EXPECT_EQ(encode_ksuid(*ids.next()), "0ujtsYcgvSTl8PAuAdqWYSMnBKb");
  EXPECT_EQ(encode_ksuid(*ids.next()), "0ujtsYcgvSTl8PAuAdqWYSMnBKc");
  EXPECT_EQ(random.next, 1u);
}

TEST(KsuidGenerator, ExhaustedPayloadIsAnErrorUntilTheNextSecond) {
  FakeClock clock{1400000000000};
  Ksuid::Payload almost = filled(0xFF);
  almost[15] = 0xFE;
  FakeRandom random{{almost, filled(7)}};
  KsuidGenerator ids(
      {.monotonic = true, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  EXPECT_EQ(ids.next()->payload(), almost);
  EXPECT_EQ(ids.next()->payload(), filled(0xFF));
  auto exhausted = ids.next();
  ASSERT_FALSE(exhausted.has_value());
  EXPECT_EQ(describe(exhausted.error()),
            "overflow at byte 0: the monotonic KSUID payloads of second 1400000000 "
            "(2014-05-13T16:53:20Z) are exhausted: the last one was all 0xFF; retry once the "
            "clock passes that second");
  EXPECT_EQ(ids.next().error().code, ErrorCode::kOverflow);  // still, never a wrap
  clock.ms += 1000;
  auto later = ids.next();
  ASSERT_TRUE(later.has_value());
  EXPECT_EQ(later->unix_seconds(), 1400000001);
  EXPECT_EQ(later->payload(), filled(7));
}

TEST(KsuidGenerator, ClockGoingBackwardsKeepsTheLastSecondAndOrder) {
  FakeClock clock{1500000010000};
  FakeRandom random{{filled(0x10), filled(0x20)}};
  KsuidGenerator ids(
      {.monotonic = true, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  const Ksuid first = *ids.next();
  clock.ms -= 5000;  // NTP stepped the clock back five seconds
  const Ksuid second = *ids.next();
  EXPECT_GT(second, first);
  EXPECT_EQ(second.unix_seconds(), 1500000010);
  Ksuid::Payload want = filled(0x10);
  want[15] = 0x11;
  EXPECT_EQ(second.payload(), want);
  clock.ms += 6000;  // past the last second: fresh randomness again
  const Ksuid third = *ids.next();
  EXPECT_EQ(third.unix_seconds(), 1500000011);
  EXPECT_EQ(third.payload(), filled(0x20));
}

TEST(KsuidGenerator, ClockOutsideTheRangeIsAnErrorAndChangesNothing) {
  FakeClock clock{1500000000000};
  FakeRandom random{{filled(1)}};
  KsuidGenerator ids(
      {.monotonic = true, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  const Ksuid first = *ids.next();
  clock.ms = 0;
  auto broken = ids.next();
  ASSERT_FALSE(broken.has_value());
  EXPECT_EQ(broken.error().code, ErrorCode::kOutOfRange);
  EXPECT_NE(broken.error().message.find("the clock reads unix time 0"), std::string::npos)
      << broken.error().message;
  clock.ms = 1399999999999;  // one millisecond before the epoch is second 1399999999
  EXPECT_EQ(ids.next().error().code, ErrorCode::kOutOfRange);
  clock.ms = 1500000000000;
  EXPECT_GT(*ids.next(), first);
}

TEST(KsuidGenerator, ThreadsShareOneMonotonicSequence) {
  std::vector<Ksuid> global;
  KsuidGenerator ids(
      {.monotonic = true, .clock = {}, .random = {}, .observer = [&global](const Ksuid& id) {
         global.push_back(id);
       }});
  constexpr int kThreads = 4;
  constexpr int kPerThread = 5000;
  std::vector<std::vector<Ksuid>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&ids, &got, t] {
      for (int i = 0; i < kPerThread; ++i) got[static_cast<std::size_t>(t)].push_back(*ids.next());
    });
  }
  for (auto& th : threads) th.join();
  std::set<Ksuid> all;
  for (const auto& seq : got) {
    EXPECT_TRUE(std::adjacent_find(seq.begin(), seq.end(), std::greater_equal<>()) == seq.end());
    all.insert(seq.begin(), seq.end());
  }
  EXPECT_EQ(all.size(), std::size_t{kThreads * kPerThread});
  ASSERT_EQ(global.size(), all.size());
  EXPECT_TRUE(std::adjacent_find(global.begin(), global.end(), std::greater_equal<>()) ==
              global.end());
}

TEST(KsuidGenerator, DefaultsAreTheSystemClockAndTheOsRandomness) {
  const std::int64_t before = system_clock_millis() / 1000;
  auto a = new_ksuid();
  KsuidGenerator ids;
  auto b = ids.next();
  const std::int64_t after = system_clock_millis() / 1000;
  ASSERT_TRUE(a.has_value() && b.has_value());
  EXPECT_GE(a->unix_seconds(), before);
  EXPECT_LE(b->unix_seconds(), after);
  EXPECT_NE(a->payload(), b->payload());
  EXPECT_NE(a->payload(), Ksuid::Payload{});
}

}  // namespace
}  // namespace sortkey
