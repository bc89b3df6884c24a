// The shared inputs of the ID benchmarks (ksuid_bench.cc, ulid_bench.cc):
// the texts of bench/ids_inputs.txt, the file that bench/peers.sh hands to
// every implementation it compares, so that sortkey, the Go references and
// the npm packages format and parse the same IDs.

#ifndef SORTKEY_BENCH_ID_INPUTS_H_
#define SORTKEY_BENCH_ID_INPUTS_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sortkey::bench {

// The texts of the set `set` ("ksuid", "go-ksuid", ...) in file order. The
// file is $SORTKEY_ID_INPUTS when set, else bench/ids_inputs.txt of the source
// tree this program was built from. A benchmark cannot go on without its
// inputs: when the file cannot be read, or holds no ID of the set, this
// prints what is wrong and exits with status 2.
std::vector<std::string> id_input_texts(std::string_view set);

// decode(text) for each text of the set, as the ID type; exits with status 2
// (naming the text and the error) when one does not decode.
template <class Id, class Decode>
std::vector<Id> id_inputs(std::string_view set, Decode decode);

// i, then i advanced to the next index into a sample of n, cycling.
inline std::size_t next_index(std::size_t& i, std::size_t n) {
  const std::size_t at = i;
  i = (i + 1 == n) ? 0 : i + 1;
  return at;
}

// Exits with status 2 after printing that `text` of set `set` does not decode.
[[noreturn]] void bad_id_input(std::string_view set, std::string_view text, std::string_view error);

template <class Id, class Decode>
std::vector<Id> id_inputs(std::string_view set, Decode decode) {
  std::vector<Id> ids;
  for (const std::string& text : id_input_texts(set)) {
    auto id = decode(text);
    if (!id) bad_id_input(set, text, id.error().message);
    ids.push_back(*id);
  }
  return ids;
}

}  // namespace sortkey::bench

#endif  // SORTKEY_BENCH_ID_INPUTS_H_
