// File: fuzz/id_checks.h
//
// What the KSUID and ULID generator targets run the same way, written once:
// a clock script decoded from the input and run through the format's model
// and monotonic-order properties (properties/props/ksuid_props.h,
// ulid_props.h). The format supplies its properties and their names.

#ifndef SORTKEY_FUZZ_ID_CHECKS_H_
#define SORTKEY_FUZZ_ID_CHECKS_H_

#include <cstdint>
#include <string_view>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/id_input.h"
#include "fuzz/show_input.h"

namespace sortkey::fuzz {

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
