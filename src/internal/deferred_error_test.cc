#include "src/internal/deferred_error.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "sortkey/composite.h"
#include "sortkey/padded.h"
#include "sortkey/timestamp.h"
#include "sortkey/ulid.h"

namespace sortkey {
namespace {

int renders = 0;

DeferredError counted(int width, std::size_t n) {
  return internal::defer<[](int w, std::size_t at) {
    ++renders;
    return fmt::format("expected {} digits, the key ends after {}", w, at);
  }>(ErrorCode::kTruncated, n, width, n);
}

TEST(DeferredError, TheMessageIsWrittenOnTheFirstReadingAndKept) {
  renders = 0;
  const Result<int> r = counted(5, 3);
  EXPECT_FALSE(r.has_value());
  EXPECT_EQ(renders, 0);
  EXPECT_EQ(r.error().code, ErrorCode::kTruncated);
  EXPECT_EQ(r.error().offset, 3u);
  EXPECT_EQ(r.error().message, "expected 5 digits, the key ends after 3");
  EXPECT_EQ(renders, 1);
}

TEST(DeferredError, ErrorAsCarriesItUnwritten) {
  renders = 0;
  const Result<int> r = counted(7, 1);
  const Result<std::string> s = r.error_as<std::string>();
  const Result<void> v = s.error_as<void>();
  EXPECT_EQ(renders, 0);
  EXPECT_EQ(describe(v.error()), "truncated at byte 1: expected 7 digits, the key ends after 1");
  EXPECT_EQ(renders, 1);
  // An Error already written is carried as it is.
  const Result<int> written = make_error(ErrorCode::kEmpty, 0, "empty");
  EXPECT_EQ(written.error_as<void>().error(), written.error());
}

TEST(DeferredError, CodeAndOffsetLeaveTheMessageUnwritten) {
  renders = 0;
  const Result<int> r = counted(4, 2);
  EXPECT_EQ(r.error_code(), ErrorCode::kTruncated);
  EXPECT_EQ(r.error_offset(), 2u);
  const Result<void> v = r.error_as<void>();
  EXPECT_EQ(v.error_code(), ErrorCode::kTruncated);
  EXPECT_EQ(v.error_offset(), 2u);
  EXPECT_EQ(renders, 0);
  // Once written, the same code and offset.
  EXPECT_EQ(r.error().message, "expected 4 digits, the key ends after 2");
  EXPECT_EQ(r.error_code(), ErrorCode::kTruncated);
  EXPECT_EQ(r.error_offset(), 2u);
  const Result<void> written = make_error(ErrorCode::kEmpty, 5, "empty");
  EXPECT_EQ(written.error_code(), ErrorCode::kEmpty);
  EXPECT_EQ(written.error_offset(), 5u);
}

TEST(DeferredError, FixedTextIsTheLiteral) {
  const Result<int> r = internal::defer_text(ErrorCode::kEmpty, 0, "the key is empty");
  EXPECT_EQ(describe(r.error()), "empty at byte 0: the key is empty");
}

TEST(DeferredError, ACopyWritesTheSameMessage) {
  const Result<int> r = counted(3, 2);
  const Result<int> copy = r;  // NOLINT: the copy is the test
  EXPECT_EQ(copy.error(), r.error());
}

TEST(DeferredError, ValuesAreCopiedNotSeen) {
  std::string key = "0a1";
  const Result<UInt128> r = decode_padded(key, 3);
  key.assign("zzz");  // the caller reuses its buffer before reading the error
  EXPECT_EQ(describe(r.error()), "bad character at byte 1: expected a digit, found 'a'");
}

TEST(DeferredError, ReadsLikeTheMessagesWrittenAtOnce) {
  EXPECT_EQ(describe(decode_padded("0001", 3).error()),
            "trailing bytes at byte 3: expected exactly 3 digits, the key has 1 more bytes");
  EXPECT_EQ(describe(decode_ulid_key("01ARZ3NDEKTSV4RRFFQ69G5FA").error()),
            "truncated at byte 25: a ULID is 26 characters, this one ends after 25");
  EXPECT_EQ(describe(decode_ulid_key("01ARZ3NDEKTSV4RRFFQ69G5FAVX").error()),
            "trailing bytes at byte 26: a ULID is 26 characters, this one has 1 more");
  EXPECT_EQ(describe(decode_timestamp("2026-02-29T00:00:00Z", 0).error()),
            "out of range at byte 8: day 29 of February 2026 does not exist: February 2026 has "
            "28 days (2026 is not a leap year)");
  EXPECT_EQ(describe(decode_timestamp("2026-06-23T00:00", 0).error()),
            "truncated at byte 16: the key ends after 16 bytes; a key of precision 0 has 20 bytes "
            "(YYYY-MM-DDTHH:MM:SSZ)");
  EXPECT_EQ(describe(decode_timestamp("2026-06-23T00:00:00.1Z", 3).error()),
            "non-canonical at byte 21: expected fraction digit 2 of 3, found 'Z'");
  EXPECT_EQ(describe(decode_timestamp("2026-06-23T00:00:001", 0).error()),
            "non-canonical at byte 19: expected 'Z' at byte 19, found '1': the key has more than 0 "
            "fraction digits");
  EXPECT_EQ(describe(decode_timestamp("2026-06-23T00:00:00z", 0).error()),
            "non-canonical at byte 19: expected 'Z' at byte 19, found 'z': keys end in an "
            "uppercase 'Z'");
  EXPECT_EQ(describe(decode_timestamp("2026-06-23T00:00:00!", 0).error()),
            "bad delimiter at byte 19: expected 'Z' at byte 19, found '!': every key ends in 'Z'");
  EXPECT_EQ(describe(decode_composite("a$2", '#').error()),
            "truncated at byte 1: the key ends inside the escape \"$2\": '$' needs two hex digits "
            "after it");
  EXPECT_EQ(describe(decode_composite("a\xC3", '#').error()),
            "bad character at byte 1: invalid UTF-8: 0xC3 is a truncated sequence");
}

TEST(DeferredError, OneResultPerThreadIsSafe) {
  // Each thread reads its own Result: the first reading writes into that
  // Result only.
  auto read = [] {
    for (int i = 0; i < 1000; ++i) {
      const Result<UInt128> r = decode_padded("12", 3);
      if (r.error().message != "expected 3 digits, the key ends after 2") std::abort();
    }
  };
  std::thread a(read), b(read);
  a.join();
  b.join();
}

}  // namespace
}  // namespace sortkey
