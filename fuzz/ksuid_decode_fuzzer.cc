// Decode target of KSUIDs: arbitrary bytes as a candidate key, in both forms.
// Input: the bytes themselves (the seeds are KSUID texts, near misses of
// them, and 20-byte binary KSUIDs).
//   text:   decode_ksuid is total and canonical and agrees with the oracle's
//           base 62 (props::ksuid_total_decode, ksuid_never_wraps); its
//           error is the documented one, in the documented order (bad
//           character, truncated, above Max, trailing bytes), at the
//           documented offset; consume_ksuid reads exactly the first 27
//           bytes or leaves its input alone.
//   binary: ksuid_from_bytes accepts exactly 20 bytes and keeps them; those
//           bytes then round-trip through the text form.

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "fuzz/id_checks.h"
#include "fuzz/id_input.h"
#include "properties/props/common.h"
#include "properties/props/ksuid_props.h"
#include "sortkey/ksuid.h"

namespace {

using sortkey::ErrorCode;
using Want = std::optional<std::pair<ErrorCode, std::size_t>>;

bool is_base62(char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// ksuid.h's decode_ksuid contract, restated.
Want documented_error(std::string_view text) {
  const std::size_t n = std::min(text.size(), sortkey::kKsuidTextSize);
  for (std::size_t i = 0; i < n; ++i) {
    if (!is_base62(text[i])) return std::pair{ErrorCode::kBadCharacter, i};
  }
  if (n < sortkey::kKsuidTextSize) return std::pair{ErrorCode::kTruncated, n};
  const std::string_view digits = text.substr(0, n);
  if (digits > sortkey::kKsuidMaxText) {
    std::size_t at = 0;
    while (digits[at] == sortkey::kKsuidMaxText[at]) ++at;
    return std::pair{ErrorCode::kOutOfRange, at};
  }
  if (text.size() > n) return std::pair{ErrorCode::kTrailingBytes, n};
  return std::nullopt;
}

// `decoded` is decode_ksuid(text), reused when the text is no longer than
// a KSUID: every decode formats an error message, the target's main cost.
sortkey::props::Outcome consume_reads_27(std::string_view text,
                                         const sortkey::Result<sortkey::Ksuid>& decoded) {
  using sortkey::props::Outcome;
  std::string_view in = text;
  auto got = sortkey::consume_ksuid(in);
  const auto head = text.size() <= sortkey::kKsuidTextSize
                        ? decoded
                        : sortkey::decode_ksuid(text.substr(0, sortkey::kKsuidTextSize));
  if (got.has_value() != head.has_value()) {
    return Outcome::fails(
        fmt::format("consume_ksuid {} the input, decode_ksuid {} its first 27 bytes",
                    got ? "accepts" : "rejects", head ? "accepts" : "rejects"));
  }
  if (!got) {
    if (in != text) return Outcome::fails("consume_ksuid failed but advanced its input");
    if (got.error() != head.error()) {
      return Outcome::fails(
          fmt::format("consume_ksuid fails with {}, decode_ksuid of the first 27 bytes with {}",
                      describe(got.error()), describe(head.error())));
    }
    return Outcome::holds();
  }
  if (*got != *head) return Outcome::fails("consume_ksuid and decode_ksuid read different KSUIDs");
  if (in != text.substr(sortkey::kKsuidTextSize)) {
    return Outcome::fails(fmt::format("consume_ksuid left {} bytes of {}, not {}", in.size(),
                                      text.size(), text.size() - sortkey::kKsuidTextSize));
  }
  return Outcome::holds();
}

sortkey::props::Outcome binary_form(std::string_view bytes) {
  return sortkey::fuzz::check_binary_form(
      bytes, sortkey::kKsuidSize, "ksuid_from_bytes", sortkey::ksuid_from_bytes,
      [](const sortkey::Ksuid::Bytes& b) {
        return sortkey::props::first_failure(
            {sortkey::props::ksuid_round_trip(b), sortkey::props::ksuid_matches_oracle(b)});
      });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("ksuid_decode_fuzzer");
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  auto show = [&] { return "input " + props::show_key(in); };
  const auto decoded = decode_ksuid(in);
  fuzz::check(props::ksuid_total_decode(in), "ksuid/total_decode", show);
  if (size == kKsuidTextSize) fuzz::check(props::ksuid_never_wraps(in), "ksuid/never_wraps", show);
  fuzz::check(fuzz::expect_result(decoded, documented_error(in), "decode_ksuid"),
              "ksuid/documented_errors", show);
  fuzz::check(consume_reads_27(in, decoded), "ksuid/consume", show);
  fuzz::check(binary_form(in), "ksuid/binary_form", show);
  return 0;
}
