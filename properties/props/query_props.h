// File: properties/props/query_props.h
//
// The query model's properties as plain functions, in one include: the
// engine (sortkey/table.h) against the naive oracle (oracles/naive_query.h).
// Each concern has its own header:
//   props/query_conversions.h       the oracle's values <-> the engine's
//   props/query_spec.h              QuerySpec, ScanSpec and their rendering to requests
//   props/query_page_props.h        check_query, check_scan, check_counts: page by page
//   props/query_orders_props.h  the filtering guide: orders by status and date, sparse indexes
//   props/query_layouts_props.h the sorting and sort-key guides: tickets, IoT, SaaS, audit log,
//   versions props/query_builder_props.h     the expression builder against the naive key range
//   props/query_invalid_props.h     requests DynamoDB rejects, and their messages
//   props/write_script.h            the guides' writes and the size and Number limits, as scripts

#ifndef SORTKEY_PROPERTIES_QUERY_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_PROPS_H_

#include "properties/props/query_builder_props.h"
#include "properties/props/query_conversions.h"
#include "properties/props/query_invalid_props.h"
#include "properties/props/query_layouts_props.h"
#include "properties/props/query_orders_props.h"
#include "properties/props/query_page_props.h"
#include "properties/props/query_spec.h"
#include "properties/props/write_script.h"

#endif  // SORTKEY_PROPERTIES_QUERY_PROPS_H_
