#include "internal/deferred_error.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "sortkey/padded.h"
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
