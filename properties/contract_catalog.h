// File: properties/contract_catalog.h
//
// The catalog of an external codec's certification: for each codec the
// adapter lists, the contract properties (properties/props/contract_props.h)
// as RapidCheck properties with ids "<codec>/<property>", like the built-in
// catalog's, so the same runner and report run and print them. The values
// come from the built-in properties' generators (properties/gen/), so they
// lean on the same boundaries; every case goes through the adapter, and so
// does RapidCheck's shrinking: the counterexample printed is the minimal one
// the adapter still gets wrong, with the exact request and response lines.
//
//   property               codecs                               decides
//   order                  all                                  yes
//   round_trip             all                                  yes
//   fixed_width            padded inverse epoch timestamp       yes
//                          ksuid ulid
//   refuses_out_of_range   all                                  yes
//   injective              all                                  yes
//   neighbours             all                                  yes
//   (properties/neighbour_catalog.h) matches_reference      padded inverse epoch timestamp yes
//                          ksuid ulid
//   agrees_with_reference  number name composite                no: reported (its distribution)
//   refuses_foreign_keys   all                                  yes (the ULID spec's leniencies
//                                                               are reported in its distribution)
//   generate_monotonic     ksuid ulid                           yes
//
// Example:
//
//   props::contract::ReferenceCodecs reference;
//   auto client = AdapterClient::start(command, {});
//   props::Catalog catalog = contract_catalog(*client, reference, client->hello().codecs);
//   for (const auto& entry : catalog.entries()) props::run_property(entry, settings);

#ifndef SORTKEY_PROPERTIES_CONTRACT_CATALOG_H_
#define SORTKEY_PROPERTIES_CONTRACT_CATALOG_H_

#include <string>
#include <vector>

#include "properties/catalog.h"
#include "properties/props/contract_props.h"

namespace sortkey::props::contract {

// The contract properties of `codecs` (protocol names; others are skipped),
// run on `subject` and compared with `reference`. The entries hold both
// services by reference: they must outlive the catalog's use.
props::Catalog contract_catalog(props::contract::CodecService& subject,
                                props::contract::CodecService& reference,
                                const std::vector<std::string>& codecs);

// True for the entries whose verdict is informational (always passes; the
// distribution tells how often the adapter agreed with the reference).
bool is_informational(const std::string& property_id);

}  // namespace sortkey::props::contract

#endif  // SORTKEY_PROPERTIES_CONTRACT_CATALOG_H_
