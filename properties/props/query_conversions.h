// File: properties/props/query_conversions.h
//
// Conversions between the oracle's values (oracles/naive_query.h) and the
// engine's (sortkey/attribute.h, sortkey/table.h, sortkey/expression.h), so
// a property can hold one world and hand it to both.

#ifndef SORTKEY_PROPERTIES_QUERY_CONVERSIONS_H_
#define SORTKEY_PROPERTIES_QUERY_CONVERSIONS_H_

#include "oracles/naive_query.h"
#include "sortkey/attribute.h"
#include "sortkey/expression.h"
#include "sortkey/table.h"

namespace sortkey::props {

// to_engine REQUIRES numbers the engine accepts (the generators make only those).
AttributeValue to_engine(const oracle::NValue& v);
Item to_engine(const oracle::NItem& item);
// The item as the engine reads it from a request: the error parse_number
// gives for the first Number text that is not a DynamoDB Number (in maps,
// lists and sets too), else to_engine(item).
Result<Item> to_engine_checked(const oracle::NItem& item);
TableSchema to_engine(const oracle::NSchema& schema);
oracle::NValue to_naive(const AttributeValue& v);
oracle::NItem to_naive(const Item& item);
oracle::NItem to_naive(const StoredItem& item);
// A parsed condition as the oracle's tree, for naive_eval: the same
// operators, operands and paths; attribute_type keeps its type's name.
oracle::NOperand to_naive(const Operand& o);
oracle::NCond to_naive(const Condition& c);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_CONVERSIONS_H_
