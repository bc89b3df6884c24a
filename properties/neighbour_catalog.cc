// The neighbour-pair property of every codec, on the built-in codecs and on
// any codec service (neighbour_catalog.h).

#include "properties/neighbour_catalog.h"

#include "properties/gen/neighbour_gen.h"
#include "properties/props/contract_reference.h"
#include "properties/props/neighbour_props.h"

namespace sortkey::props {

std::string neighbour_statement(const std::string& codec) {
  if (codec == "padded")
    return "at every digit-count change and the width's end, key(n-1) < key(n) < key(n+1), and "
           "each key decodes back";
  if (codec == "inverse")
    return "at every digit-count change and the width's end, key(n-1) > key(n) > key(n+1), and "
           "each key decodes back";
  if (codec == "epoch")
    return "at digit-count changes and the counts of the first instant of a year, month, day, "
           "hour, minute and second since 1970, key(n-1) < key(n) < key(n+1), and each key decodes "
           "back";
  if (codec == "timestamp")
    return "at the turn of a second, minute, hour, day, month, year and the epoch, at each "
           "precision, key(v - 1 unit) < key(v) < key(v + 1 unit), and each key decodes back";
  if (codec == "number")
    return "around zero, the range's ends and every exponent change at 38 significant digits, "
           "key(v - 1 unit of the 38th digit) < key(v) < key(v + 1 unit), and each key decodes "
           "back";
  if (codec == "name")
    return "where UTF-8 changes length or case mapping changes, a name ending in a code point and "
           "in its neighbours have keys in the order of their normalized forms, each decoding "
           "back";
  if (codec == "composite")
    return "around the delimiter and its escape, key(parent) < key(byte - 1) < key(path) < "
           "key(byte + 1) < key(the parent's segment extended), and each key decodes back";
  if (codec == "ksuid")
    return "where the payload carries into the second and at the range's ends, key(v-1) < key(v) "
           "< key(v+1) over the 160 bits, and each key decodes back";
  return "where the random part carries into the millisecond and at the range's ends, key(v-1) < "
         "key(v) < key(v+1) over the 128 bits, and each key decodes back";
}

void add_neighbour_property(Catalog& c, const std::string& codec, contract::CodecService* service) {
  c.add(codec, "neighbours", neighbour_statement(codec), [codec, service] {
    const NeighbourCase n = *gen_neighbour_case(codec);
    const auto oracle = contract::make_oracle(codec, n.params);
    rc_require(contract::neighbour_pairs(*service, *oracle, n.value));
  });
}

void add_neighbour_properties(Catalog& c) {
  // Never destroyed: the catalog is a static that outlives every other.
  static auto* const reference = new contract::ReferenceCodecs();
  for (const std::string& codec : contract::protocol_codecs()) {
    add_neighbour_property(c, codec, reference);
  }
}

}  // namespace sortkey::props
