// File: fuzz/id_checks.h
//
// What the KSUID and ULID targets check the same way, written once: the
// binary form (exactly the format's size, the bytes kept) and a generator run
// against the format's model. The format supplies its functions and names.

#ifndef SORTKEY_FUZZ_ID_CHECKS_H_
#define SORTKEY_FUZZ_ID_CHECKS_H_

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/id_input.h"
#include "fuzz/show_input.h"
#include "properties/props/outcome.h"
#include "sortkey/error.h"

namespace sortkey::fuzz {

// `from_bytes(bytes)` (named `what` in messages) takes exactly `size` bytes
// and keeps them; `checks(id_bytes)` is then the format's own verdict on them.
template <class FromBytes, class Checks>
props::Outcome check_binary_form(std::string_view bytes, std::size_t size, std::string_view what,
                                 FromBytes from_bytes, Checks checks) {
  auto got = from_bytes(bytes);
  std::optional<std::pair<ErrorCode, std::size_t>> want;
  if (bytes.size() < size) want = std::pair{ErrorCode::kTruncated, bytes.size()};
  if (bytes.size() > size) want = std::pair{ErrorCode::kTrailingBytes, size};
  if (auto o = expect_result(got, want, what); !o.ok() || !got) return o;
  if (std::string_view(reinterpret_cast<const char*>(got->bytes().data()), size) != bytes) {
    return props::Outcome::fails(fmt::format("{} did not keep the {} bytes", what, size));
  }
  return checks(got->bytes());
}

// The properties a generator target checks, with their names in reports.
template <class Model, class Order>
struct GeneratorChecks {
  Model model;  // model(monotonic, clock_ms, randoms)
  std::string_view model_name;
  Order order;  // order(clock_ms, randoms), in monotonic mode only
  std::string_view order_name;
};
// Clang before 17 does not deduce an aggregate's arguments by itself.
template <class Model, class Order>
GeneratorChecks(Model, std::string_view, Order, std::string_view) -> GeneratorChecks<Model, Order>;

// A generator target: the script decoded from `src` (see generator_script,
// whose bounds these are) run through the checks.
template <std::size_t N, class Model, class Order>
void check_generator(ByteSource& src, std::int64_t first_ms, std::int64_t last_ms,
                     std::int64_t unit_ms, const GeneratorChecks<Model, Order>& checks) {
  const auto script = generator_script<N>(src, first_ms, last_ms, unit_ms, 48);
  auto show = [&] { return script.show(); };
  show_input(show);
  check(checks.model(script.monotonic, script.clock_ms, script.randoms), checks.model_name, show);
  if (script.monotonic) {
    check(checks.order(script.clock_ms, script.randoms), checks.order_name, show);
  }
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_ID_CHECKS_H_
