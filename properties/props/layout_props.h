// File: properties/props/layout_props.h
//
// The specification of the placement markers (sortkey/layout.h) and the
// uniqueness suffixes (sortkey/unique.h). The oracle is a naive item
// collection (oracles/naive_collection.h): sort by bytes, filter, reverse,
// cut; the properties state which items each of the guides' Queries returns.

#ifndef SORTKEY_PROPERTIES_LAYOUT_PROPS_H_
#define SORTKEY_PROPERTIES_LAYOUT_PROPS_H_

#include <string>
#include <vector>

#include "properties/props/outcome.h"
#include "sortkey/uint128.h"

namespace sortkey::props {

// The SaaS organization of examples/saas.yaml: reading SK <= parent backward returns the
// parent, then exactly its before-children (newest key first); reading
// SK >= parent forward returns the parent, then exactly its after-children
// in key order. Other parents' items of the same types may share the
// collection only on their own side, so they are left out here.
Outcome layout_parent_placement(const std::string& parent_type, const std::string& before_type,
                                const std::string& after_type, const std::string& parent_id,
                                const std::vector<std::string>& before_ids,
                                const std::vector<std::string>& after_ids);

// make_layout accepts the three types iff each is a non-empty run of
// [A-Z0-9_], the children's types differ from the parent's, and "after#" sorts
// above "parent#"; and when it accepts, every after-key sorts above every
// parent key and every before-key below, for the ids given.
Outcome layout_type_check(const std::string& parent_type, const std::string& before_type,
                          const std::string& after_type, const std::vector<std::string>& ids);

// The IoT device: for both reading orders, the Query from
// device_with_latest_readings returns the Device, then its `count` highest
// reading numbers, highest first.
Outcome layout_device_latest_readings(const std::vector<UInt128>& readings, int width, int count);

// Version 0 sorts before every other version, versions sort numerically, and
// begins_with(SK, version_key(0)) selects only version 0.
Outcome layout_versions(const std::vector<UInt128>& versions, int width);

// Ids holding a byte at or below '#' are rejected by every key function;
// others are accepted.
Outcome layout_rejects_low_ids(const std::string& id);

// with_sequence: byte order of the unique keys is the order of (key, n) when
// keys share a segment count and hold no byte below '#'; split_unique inverts it.
// A key or suffix that is not well-formed UTF-8 is refused.
Outcome unique_sequence_order(const std::vector<std::string>& key_a, UInt128 seq_a,
                              const std::vector<std::string>& key_b, UInt128 seq_b, int width);

// with_disambiguator: the same, with free-form suffixes above '#'.
Outcome unique_disambiguator_order(const std::vector<std::string>& key_a,
                                   const std::string& suffix_a,
                                   const std::vector<std::string>& key_b,
                                   const std::string& suffix_b);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_LAYOUT_PROPS_H_
