// Decode target of ULIDs: arbitrary bytes as a candidate key, in both forms.
// Input: the bytes themselves (the seeds are ULID texts in both cases, near
// misses of them, and 16-byte binary ULIDs).
//   text:   decode_ulid_key is total and canonical, decode_ulid agrees with
//           the oracle's case-insensitive Crockford base 32
//           (props::ulid_total_decode, ulid_never_wraps); both fail with the
//           documented error at the documented offset, checked character by
//           character (not in the alphabet, a first digit above 7, and for
//           the key decoder lower case), then truncated, then trailing bytes;
//           the two decoders agree on upper-case text, and decode_ulid reads
//           any text as its upper-case spelling; consume_ulid_key reads
//           exactly the first 26 bytes or leaves its input alone.
//   binary: ulid_from_bytes accepts exactly 16 bytes and keeps them; those
//           bytes then round-trip through the text form.

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "fuzz/id_checks.h"
#include "fuzz/id_input.h"
#include "properties/props/common.h"
#include "properties/props/ulid_props.h"
#include "sortkey/ulid.h"

namespace {

using sortkey::ErrorCode;
using sortkey::props::Outcome;
using Want = std::optional<std::pair<ErrorCode, std::size_t>>;

constexpr std::string_view kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

// ulid.h's contract for decode_ulid (strict = false) and decode_ulid_key.
Want documented_error(std::string_view text, bool strict) {
  const std::size_t n = std::min(text.size(), sortkey::kUlidTextSize);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t digit = kAlphabet.find(upper(text[i]));
    if (digit == std::string_view::npos) return std::pair{ErrorCode::kBadCharacter, i};
    if (i == 0 && digit > 7) return std::pair{ErrorCode::kOutOfRange, std::size_t{0}};
    if (strict && text[i] >= 'a' && text[i] <= 'z') return std::pair{ErrorCode::kNonCanonical, i};
  }
  if (n < sortkey::kUlidTextSize) return std::pair{ErrorCode::kTruncated, n};
  if (text.size() > n) return std::pair{ErrorCode::kTrailingBytes, n};
  return std::nullopt;
}

// `lenient` is decode_ulid(text).
Outcome decoders_agree(std::string_view text, const sortkey::Result<sortkey::Ulid>& lenient) {
  std::string up(text);
  for (char& c : up) c = upper(c);
  auto from_upper = sortkey::decode_ulid_key(up);
  if (lenient.has_value() != from_upper.has_value() || (lenient && *lenient != *from_upper)) {
    return Outcome::fails(
        fmt::format("decode_ulid {} the text, decode_ulid_key {} its upper case {}",
                    lenient ? "accepts" : "rejects", from_upper ? "reads" : "rejects",
                    sortkey::props::show_key(up)));
  }
  return Outcome::holds();
}

// `strict` is decode_ulid_key(text), reused when the text is no longer than
// a ULID: every decode formats an error message, the target's main cost.
Outcome consume_reads_26(std::string_view text, const sortkey::Result<sortkey::Ulid>& strict) {
  std::string_view in = text;
  auto got = sortkey::consume_ulid_key(in);
  const auto head = text.size() <= sortkey::kUlidTextSize
                        ? strict
                        : sortkey::decode_ulid_key(text.substr(0, sortkey::kUlidTextSize));
  if (got.has_value() != head.has_value()) {
    return Outcome::fails(
        fmt::format("consume_ulid_key {} the input, decode_ulid_key {} its first 26 bytes",
                    got ? "accepts" : "rejects", head ? "accepts" : "rejects"));
  }
  if (!got) {
    if (in != text) return Outcome::fails("consume_ulid_key failed but advanced its input");
    if (got.error() != head.error()) {
      return Outcome::fails(fmt::format(
          "consume_ulid_key fails with {}, decode_ulid_key of the first 26 bytes with {}",
          describe(got.error()), describe(head.error())));
    }
    return Outcome::holds();
  }
  if (*got != *head)
    return Outcome::fails("consume_ulid_key and decode_ulid_key read different ULIDs");
  if (in != text.substr(sortkey::kUlidTextSize)) {
    return Outcome::fails(
        fmt::format("consume_ulid_key left {} bytes of {}", in.size(), text.size()));
  }
  return Outcome::holds();
}

Outcome binary_form(std::string_view bytes) {
  return sortkey::fuzz::check_binary_form(
      bytes, sortkey::kUlidSize, "ulid_from_bytes", sortkey::ulid_from_bytes,
      [](const sortkey::Ulid::Bytes& b) {
        return sortkey::props::first_failure(
            {sortkey::props::ulid_round_trip(b), sortkey::props::ulid_matches_oracle(b)});
      });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("ulid_decode_fuzzer");
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  auto show = [&] { return "input " + props::show_key(in); };
  const auto lenient = decode_ulid(in);
  const auto strict = decode_ulid_key(in);
  fuzz::check(props::ulid_total_decode(in), "ulid/total_decode", show);
  if (size == kUlidTextSize) fuzz::check(props::ulid_never_wraps(in), "ulid/never_wraps", show);
  fuzz::check(fuzz::expect_result(lenient, documented_error(in, false), "decode_ulid"),
              "ulid/documented_errors", show);
  fuzz::check(fuzz::expect_result(strict, documented_error(in, true), "decode_ulid_key"),
              "ulid/documented_errors", show);
  fuzz::check(decoders_agree(in, lenient), "ulid/decoders_agree", show);
  fuzz::check(consume_reads_26(in, strict), "ulid/consume", show);
  fuzz::check(binary_form(in), "ulid/binary_form", show);
  return 0;
}
