#include "sortkey/ulid.h"

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

Ulid::Entropy entropy_of(std::string_view hex_digits) {
  return testing::bytes_of<Ulid::Entropy>(hex_digits);
}
Ulid::Entropy filled(std::uint8_t byte) { return testing::filled<Ulid::Entropy>(byte); }

std::string upper(std::string s) {
  for (char& c : s) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}

TEST(Ulid, GoldenVectors) {
  for (const auto& row : load_golden("ulid")) {
    SCOPED_TRACE(::testing::Message()
                 << "ulid.tsv line " << row.line << " (" << row["source"] << ")");
    std::string kind;
    const std::string& text = row["text"];
    if (is_error_field(row["unix_ms"], kind)) {
      auto id = decode_ulid(text);
      ASSERT_FALSE(id.has_value()) << "expected " << kind << ", decoded " << encode_ulid(*id);
      EXPECT_EQ(to_string(id.error().code), kind) << describe(id.error());
      EXPECT_LE(id.error().offset, text.size());
      ASSERT_TRUE(is_error_field(row["strict"], kind));
      auto strict = decode_ulid_key(text);
      ASSERT_FALSE(strict.has_value());
      EXPECT_EQ(to_string(strict.error().code), kind) << describe(strict.error());
      continue;
    }
    const std::int64_t ms = std::stoll(row["unix_ms"]);
    auto made = make_ulid(ms, entropy_of(row["entropy"]));
    if (is_error_field(text, kind)) {
      ASSERT_FALSE(made.has_value()) << "expected " << kind << ", got " << encode_ulid(*made);
      EXPECT_EQ(to_string(made.error().code), kind);
      continue;
    }
    ASSERT_TRUE(made.has_value()) << describe(made.error());
    EXPECT_EQ(encode_ulid(*made), upper(text));
    EXPECT_EQ(hex(made->bytes().data(), made->bytes().size()), row["raw"]);
    auto back = decode_ulid(text);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(*back, *made);
    EXPECT_EQ(back->unix_ms(), ms);
    EXPECT_EQ(hex(back->entropy().data(), back->entropy().size()), row["entropy"]);
    EXPECT_EQ(ulid_time_rfc3339(*back), row["time"]);
    auto strict = decode_ulid_key(text);
    if (is_error_field(row["strict"], kind)) {
      ASSERT_FALSE(strict.has_value());
      EXPECT_EQ(to_string(strict.error().code), kind);
    } else {
      ASSERT_TRUE(strict.has_value()) << describe(strict.error());
      EXPECT_EQ(*strict, *made);
    }
  }
}

TEST(Ulid, MaxAndZero) {
  EXPECT_EQ(encode_ulid(Ulid::max()), kUlidMaxText);
  EXPECT_EQ(encode_ulid(Ulid()), "00000000000000000000000000");
  EXPECT_EQ(Ulid::max().unix_ms(), kUlidMaxTime);
  EXPECT_EQ(ulid_time_rfc3339(Ulid::max()), "+010889-08-02T05:31:50.655Z");
}

TEST(Ulid, CaseHandling) {
  // The spec's decoder accepts any case; the sort-key decoder only upper case.
  auto lower = decode_ulid("01arz3ndektsv4rrffq69g5fav");
  ASSERT_TRUE(lower.has_value());
  EXPECT_EQ(encode_ulid(*lower), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
  auto strict = decode_ulid_key("01ARZ3NDEKTSV4RRFFq69G5FAV");
  ASSERT_FALSE(strict.has_value());
  EXPECT_EQ(describe(strict.error()),
            "non-canonical at byte 18: 'q' is lower case: ULID sort keys are upper case, since "
            "mixed case breaks byte order (decode_ulid accepts either case)");
  // Why: lower case sorts after every upper-case letter.
  EXPECT_LT(std::string("01ARZ3NDEKTSV4RRFFZ69G5FAV"), std::string("01ARZ3NDEKTSV4RRFFq69G5FAV"));
}

TEST(Ulid, DecodeErrorsNameTheProblem) {
  EXPECT_EQ(describe(decode_ulid("8ZZZZZZZZZZZZZZZZZZZZZZZZZ").error()),
            "out of range at byte 0: a ULID starts with 0..7, '8' would need more than 128 bits "
            "(the largest ULID is 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)");
  EXPECT_EQ(describe(decode_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAL").error()),
            "bad character at byte 25: 'L' is not in the ULID alphabet "
            "0123456789ABCDEFGHJKMNPQRSTVWXYZ; Crockford's alias for 1 is not accepted, write 1");
  EXPECT_EQ(describe(decode_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAo").error()),
            "bad character at byte 25: 'o' is not in the ULID alphabet "
            "0123456789ABCDEFGHJKMNPQRSTVWXYZ; Crockford's alias for 0 is not accepted, write 0");
  EXPECT_EQ(describe(decode_ulid("01ARZ3NDEKTSV4RRFFQ69G5FA").error()),
            "truncated at byte 25: a ULID is 26 characters, this one ends after 25");
  EXPECT_EQ(describe(decode_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAVV").error()),
            "trailing bytes at byte 26: a ULID is 26 characters, this one has 1 more");
  // The character is checked before the overflow, as oklog's ParseStrict does.
  EXPECT_EQ(decode_ulid("I1ARZ3NDEKTSV4RRFFQ69G5FAV").error().code, ErrorCode::kBadCharacter);
}

TEST(Ulid, ConsumeLeavesTheRestAndKeepsInputOnError) {
  std::string_view in = "01ARZ3NDEKTSV4RRFFQ69G5FAV#EVENT";
  ASSERT_TRUE(consume_ulid_key(in).has_value());
  EXPECT_EQ(in, "#EVENT");
  std::string_view bad = "01arz3ndektsv4rrffq69g5fav#";
  EXPECT_FALSE(consume_ulid_key(bad).has_value());
  EXPECT_EQ(bad, "01arz3ndektsv4rrffq69g5fav#");
}

TEST(Ulid, BinaryFormAndTimeRange) {
  std::string bytes(16, '\xFF');
  EXPECT_EQ(*ulid_from_bytes(bytes), Ulid::max());
  EXPECT_EQ(ulid_from_bytes(bytes.substr(1)).error().code, ErrorCode::kTruncated);
  EXPECT_EQ(ulid_from_bytes(bytes + bytes).error().code, ErrorCode::kTrailingBytes);
  EXPECT_TRUE(make_ulid(0, {}).has_value());
  EXPECT_TRUE(make_ulid(kUlidMaxTime, {}).has_value());
  EXPECT_EQ(describe(make_ulid(kUlidMaxTime + 1, {}).error()),
            "out of range at byte 0: the unix time 281474976710656 ms is outside the ULID range "
            "0 .. 281474976710655 (+010889-08-02T05:31:50.655Z)");
  EXPECT_EQ(make_ulid(-1, {}).error().code, ErrorCode::kOutOfRange);
}

struct FakeClock {
  std::int64_t ms = 0;
  UnixMillisClock fn() {
    return [this] { return ms; };
  }
};

struct FakeRandom {
  std::vector<Ulid::Entropy> queue;
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

TEST(UlidGenerator, TheSpecsMonotonicExample) {
  FakeClock clock{1508808576371};
  FakeRandom random{{entropy_of("5334ADA78EDC1D4A6F1E")}};
  UlidGenerator ids(
      {.monotonic = true, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  EXPECT_EQ(encode_ulid(*ids.next()), "01BX5ZZKBKACTAV9WEVGEMMVRY");
  EXPECT_EQ(encode_ulid(*ids.next()), "01BX5ZZKBKACTAV9WEVGEMMVRZ");
  EXPECT_EQ(encode_ulid(*ids.next()), "01BX5ZZKBKACTAV9WEVGEMMVS0");
  EXPECT_EQ(encode_ulid(*ids.next()), "01BX5ZZKBKACTAV9WEVGEMMVS1");
}

TEST(UlidGenerator, TheSpecsOverflowExample) {
  FakeClock clock{1508808576371};
  Ulid::Entropy almost = filled(0xFF);
  almost[9] = 0xFE;
  FakeRandom random{{almost, filled(0)}};
  UlidGenerator ids(
      {.monotonic = true, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  ASSERT_TRUE(ids.next().has_value());
  EXPECT_EQ(encode_ulid(*ids.next()), "01BX5ZZKBKZZZZZZZZZZZZZZZZ");
  auto overflow = ids.next();
  ASSERT_FALSE(overflow.has_value());
  EXPECT_EQ(describe(overflow.error()),
            "overflow at byte 0: the monotonic ULID entropy of millisecond 1508808576371 "
            "(2017-10-24T01:29:36.371Z) is exhausted: the last one was all 0xFF; retry once the "
            "clock passes that millisecond");
  clock.ms += 1;
  EXPECT_EQ(encode_ulid(*ids.next()), "01BX5ZZKBM0000000000000000");
}

TEST(UlidGenerator, ClockGoingBackwardsKeepsTheLastMillisecondLikeNpmUlid) {
  FakeClock clock{1469922850259};
  FakeRandom random{{entropy_of("D6764C61EFB99302BD5B"), filled(0)}};
  UlidGenerator ids(
      {.monotonic = true, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  EXPECT_EQ(encode_ulid(*ids.next()), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
  clock.ms -= 1000;
  EXPECT_EQ(encode_ulid(*ids.next()), "01ARZ3NDEKTSV4RRFFQ69G5FAW");
  clock.ms += 1001;
  EXPECT_EQ(encode_ulid(*ids.next()), "01ARZ3NDEM0000000000000000");
}

TEST(UlidGenerator, RandomModeAndClockErrors) {
  FakeClock clock{-5};
  FakeRandom random{{filled(1), filled(2)}};
  UlidGenerator ids(
      {.monotonic = false, .clock = clock.fn(), .random = random.fn(), .observer = {}});
  EXPECT_EQ(ids.next().error().code, ErrorCode::kOutOfRange);
  clock.ms = kUlidMaxTime + 1;
  EXPECT_EQ(ids.next().error().code, ErrorCode::kOutOfRange);
  clock.ms = 7;
  EXPECT_EQ(ids.next()->entropy(), filled(1));
  EXPECT_EQ(ids.next()->entropy(), filled(2));  // random mode: fresh entropy, same ms
  EXPECT_EQ(ids.next().error().code, ErrorCode::kUnavailable);
}

TEST(UlidGenerator, ThreadsShareOneMonotonicSequence) {
  std::vector<Ulid> global;
  UlidGenerator ids(
      {.monotonic = true, .clock = {}, .random = {}, .observer = [&global](const Ulid& id) {
         global.push_back(id);
       }});
  constexpr int kThreads = 4;
  constexpr int kPerThread = 5000;
  std::vector<std::vector<Ulid>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&ids, &got, t] {
      for (int i = 0; i < kPerThread; ++i) got[static_cast<std::size_t>(t)].push_back(*ids.next());
    });
  }
  for (auto& th : threads) th.join();
  std::set<Ulid> all;
  for (const auto& seq : got) {
    EXPECT_TRUE(std::adjacent_find(seq.begin(), seq.end(), std::greater_equal<>()) == seq.end());
    all.insert(seq.begin(), seq.end());
  }
  EXPECT_EQ(all.size(), std::size_t{kThreads * kPerThread});
  ASSERT_EQ(global.size(), all.size());
  EXPECT_TRUE(std::adjacent_find(global.begin(), global.end(), std::greater_equal<>()) ==
              global.end());
}

TEST(UlidGenerator, DefaultsAreTheSystemClockAndTheOsRandomness) {
  const std::int64_t before = system_clock_millis();
  auto a = new_ulid();
  UlidGenerator ids;
  auto b = ids.next();
  const std::int64_t after = system_clock_millis();
  ASSERT_TRUE(a.has_value() && b.has_value());
  EXPECT_GE(a->unix_ms(), before);
  EXPECT_LE(b->unix_ms(), after);
  EXPECT_NE(a->entropy(), b->entropy());
}

}  // namespace
}  // namespace sortkey
