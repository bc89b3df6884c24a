// File: properties/neighbour_catalog.h
//
// The neighbour-pair property of each codec ("<codec>/neighbours"), in the
// two catalogs that certify codecs: the built-in catalog runs it on the
// built-in codecs behind the adapter protocol's requests (ReferenceCodecs),
// the adapter contract catalog on an adapter. One statement, one function
// (properties/props/neighbour_props.h), the values of
// properties/gen/neighbour_gen.h.
//
// Example:
//
//   props::Catalog c;
//   add_neighbour_property(c, "number", &service);   // adds number/neighbours

#ifndef SORTKEY_PROPERTIES_NEIGHBOUR_CATALOG_H_
#define SORTKEY_PROPERTIES_NEIGHBOUR_CATALOG_H_

#include <string>

#include "properties/catalog.h"
#include "properties/props/contract_props.h"

namespace sortkey::props {

// Adds "<codec>/neighbours" on `service`. REQUIRES: codec is a protocol
// codec (contract::protocol_codecs()); `service` outlives the catalog's use.
void add_neighbour_property(Catalog& c, const std::string& codec, contract::CodecService* service);

// The statement of "<codec>/neighbours".
std::string neighbour_statement(const std::string& codec);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_NEIGHBOUR_CATALOG_H_
