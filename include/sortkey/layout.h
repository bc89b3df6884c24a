// File: sortkey/layout.h
//
// Placement markers: the guides' item-collection layouts (examples/), where a parent item
// and its children share one partition and the sort key decides whether the
// children sort before the parent or after it, so that one Query returns the
// parent together with the children it needs.
//
// Format (DO NOT CHANGE):
//   parent item            TYPE#id               "ORG#MCDONALDS"
//   child before parent    #TYPE#id              "#TEAM#FRY-COOKS"
//   child after parent     TYPE#id               "USER#ALICE"   (TYPE#  >  the parent's TYPE#)
//   reading, newest last   #READING#<padded n>   read backward from the device
//   reading, newest first  READING#<inverse n>   read forward from the device
//   version item           v<padded n>_          version 0 ("v000_") is the latest copy
//
// Ordering theorem. Types are non-empty runs of [A-Z0-9_] and ids hold no
// byte at or below '#' (0x23); '#' therefore sorts below every byte of a type
// or an id. Then, for every id of every item:
//   #CHILD#id  <  PARENT#id'                 (0x23 < the first byte of PARENT)
//   PARENT#id' <  AFTER#id''  iff  "PARENT#" < "AFTER#" bytewise,
// which `make_layout` checks once for the types, so it holds for all ids.
// So reading `SK <= parent` backward returns the parent, then the
// before-children; reading `SK >= parent` forward returns the parent, then the
// after-children (the SaaS organization of examples/saas.yaml: Teams before, Users after).
//
// Example (parent ORG, before TEAM, after USER):
//
//   key                  where it lands
//   #TEAM#FRY-COOKS      1  before the parent (read with SK <= ORG#MCDONALDS, backward)
//   #TEAM#GRILL          2
//   ORG#MCDONALDS        3  the parent
//   USER#ALICE           4  after the parent (read with SK >= ORG#MCDONALDS, forward)
//   USER#BOB             5
//
// An id that may hold '#', a space or another byte below it must first go
// through the composite codec (sortkey/composite.h), whose escaping keeps
// every byte above the delimiter.

#ifndef SORTKEY_LAYOUT_H_
#define SORTKEY_LAYOUT_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"
#include "sortkey/uint128.h"

namespace sortkey {

// Which way a Query reads an item collection (DynamoDB's ScanIndexForward).
enum class Direction { kForward, kBackward };

// A sort-key condition with its direction, ready for a Query:
//   SK <op> value, ScanIndexForward = (direction == kForward), Limit = limit.
struct RangeRead {
  std::string op;  // "<=" or ">="
  std::string value;
  Direction direction = Direction::kForward;
  int limit = 0;  // 0: no limit
};

// A parent type with the types of the children that sort before it and after
// it. Made only by make_layout(), which checks the ordering theorem's premise.
class CollectionLayout {
 public:
  const std::string& parent_type() const { return parent_; }
  const std::string& before_type() const { return before_; }
  const std::string& after_type() const { return after_; }

  // The keys. Errors: kEmpty (empty id), kBadCharacter (a byte <= '#' in the id).
  Result<std::string> parent_key(std::string_view id) const;
  Result<std::string> before_key(std::string_view id) const;
  Result<std::string> after_key(std::string_view id) const;

  // The parent and its before-children, parent first: SK <= parent, backward.
  Result<RangeRead> parent_and_before(std::string_view parent_id) const;
  // The parent and its after-children, parent first: SK >= parent, forward.
  Result<RangeRead> parent_and_after(std::string_view parent_id) const;

 private:
  friend Result<CollectionLayout> make_layout(std::string_view, std::string_view, std::string_view);
  std::string parent_, before_, after_;
};

// Errors: kBadParameter when a type is empty or holds a byte outside
// [A-Z0-9_], when two types are equal, or when "after#" does not sort above
// "parent#" (e.g. parent "ORG", after "OR": "OR#" < "ORG#").
Result<CollectionLayout> make_layout(std::string_view parent_type, std::string_view before_type,
                                     std::string_view after_type);

// The IoT device of examples/iot_newest_*.yaml: a Device item and its Readings in one
// collection, the newest `count` Readings returned with the Device in one Query.
//
//   device_key("D1")                          DEVICE#D1
//   reading_key(kNewestLast, 157, width 5)    #READING#00157   (before the device)
//   reading_key(kNewestFirst, 157, width 5)   READING#99842    (after the device)
//
// kNewestLast: Readings sort before the Device, oldest first; read backward
// from the Device. kNewestFirst: Readings sort after the Device, newest first
// (inverse difference); read forward from the Device.
enum class ReadingOrder { kNewestLast, kNewestFirst };

Result<std::string> device_key(std::string_view device_id);
// Errors: those of encode_padded / encode_inverse for (reading, width).
Result<std::string> reading_key(ReadingOrder order, UInt128 reading, int width);
// The Query that returns the Device and its `count` newest Readings.
Result<RangeRead> device_with_latest_readings(ReadingOrder order, std::string_view device_id,
                                              int count);

// Version history (the developer guide's "v0_" pattern): every version n >= 1
// is its own item, and a copy of the latest is kept at version 0, whose key
// sorts before every other version, so `begins_with(SK, latest_version_key)`
// or a forward Query with Limit 1 returns it.
//   version_key(0, 3) = "v000_"   version_key(12, 3) = "v012_"
// Errors: those of encode_padded.
Result<std::string> version_key(UInt128 version, int width);

}  // namespace sortkey

#endif  // SORTKEY_LAYOUT_H_
