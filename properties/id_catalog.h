// File: properties/id_catalog.h
//
// The generator entries KSUIDs and ULIDs share in the property catalog,
// written once: the generator against the documented model, monotonic order
// on any clock script, and monotonic order across threads. ksuid_catalog.cc
// and ulid_catalog.cc add them after their codec entries; nothing else should
// include this header.

#ifndef SORTKEY_PROPERTIES_ID_CATALOG_H_
#define SORTKEY_PROPERTIES_ID_CATALOG_H_

#include <fmt/format.h>
#include <rapidcheck.h>

#include <cstdint>
#include <string>
#include <vector>

#include "properties/catalog.h"
#include "properties/gen/id_gen.h"
#include "properties/props/id_common.h"

namespace sortkey::props {

// The words in which one ID codec's generator entries differ from another's.
struct IdGeneratorWords {
  std::string codec;    // "ksuid": the entries' codec
  std::string tail;     // "payload": the ID's random part
  std::string run_out;  // "exhaustion": the monotonic increment running out of tails
  std::string tick;     // "second": the unit of the ID's time
};

// Adds <codec>/generator_model, <codec>/monotonic_order and
// <codec>/monotonic_threads, in that order. `gen_clock` draws clock scripts
// over the ID's range, `gen_randoms` the random parts a scripted source hands
// out; `model`, `order` and `in_threads` are the codec's generator_model,
// monotonic_order and monotonic_threads properties.
template <class Wrapped, class Model, class Order, class InThreads>
void add_id_generator_properties(Catalog& c, const IdGeneratorWords& w,
                                 rc::Gen<ClockScript> (*gen_clock)(),
                                 rc::Gen<std::vector<Wrapped>> (*gen_randoms)(), Model model,
                                 Order order, InThreads in_threads) {
  const std::string near = w.tail + " near exhaustion";
  c.add(w.codec, "generator_model",
        "a generator's IDs and errors equal the documented model's on any clock script, in both "
        "modes",
        [=] {
          const bool monotonic = *rc::gen::arbitrary<bool>();
          const ClockScript clock = *gen_clock();
          const auto randoms = *gen_randoms();
          RC_CLASSIFY(monotonic, "monotonic");
          RC_CLASSIFY(steps_back(clock), "clock steps back");
          RC_CLASSIFY(near_exhaustion(randoms), near.c_str());
          rc_require(model(monotonic, clock.ms, unwrap(randoms)));
        });
  c.add(w.codec, "monotonic_order",
        fmt::format("a monotonic generator's IDs strictly increase on any clock script, steps back "
                    "included; {} is an error, never a wrap",
                    w.run_out),
        [=] {
          const ClockScript clock = *gen_clock();
          const auto randoms = *gen_randoms();
          RC_CLASSIFY(steps_back(clock), "clock steps back");
          RC_CLASSIFY(near_exhaustion(randoms), near.c_str());
          rc_require(order(clock.ms, unwrap(randoms)));
        });
  const std::string mostly = "mostly one " + w.tick;
  c.add(w.codec, "monotonic_threads",
        "IDs drawn by several threads from one monotonic generator are distinct and strictly "
        "increase per thread and in generation order",
        [=] {
          const int threads = *rc::gen::inRange(2, 5);
          const int per_thread = *rc::gen::inRange(1, 200);
          const int calls_per_ms = *rc::gen::element(1, 3, 50, 100000);
          const int back_ms = *rc::gen::element(0, 1, 1000, 5000);
          const auto seed = *rc::gen::arbitrary<std::uint64_t>();
          RC_CLASSIFY(calls_per_ms >= 1000, mostly.c_str());
          const std::string inputs =
              fmt::format("{} {} {} {} {}", threads, per_thread, calls_per_ms, back_ms, seed);
          rc_require(first_verdict(inputs, [&] {
            return in_threads(threads, per_thread, calls_per_ms, back_ms, seed);
          }));
        });
}

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_ID_CATALOG_H_
