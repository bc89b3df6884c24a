// File: properties/gen/path_gen.h
//
// RapidCheck generators of composite-key paths (include/sortkey/composite.h,
// the composite codec of adapters/PROTOCOL.md), shared by the built-in
// properties and the adapter contract: one segment or many, segments that
// are empty, repeated, or prefixes of each other, each segment biased to
// what breaks escaping (gen_segment). Counterexamples shrink to few short
// segments: segments are dropped and shrunk one at a time (gen_list).

#ifndef SORTKEY_PROPERTIES_GEN_PATH_GEN_H_
#define SORTKEY_PROPERTIES_GEN_PATH_GEN_H_

#include <rapidcheck.h>

#include <string>
#include <vector>

namespace sortkey::props {

// 1 to 12 segments for the delimiter d (one most often, then two or three,
// then four to eight, sometimes nine to twelve). A segment is drawn afresh
// (most often), or is an earlier segment repeated, extended by a segment, or
// cut at a code point boundary. Valid UTF-8.
rc::Gen<std::vector<std::string>> gen_composite_path(char delimiter);

// `s` cut to its first `at % (size + 1)` bytes, moved back to a code point boundary.
std::string cut_at_code_point(const std::string& s, std::size_t at);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_PATH_GEN_H_
