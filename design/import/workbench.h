// File: design/import/workbench.h (not installed: `sortkey design import`)
//
// A NoSQL Workbench data model (its JSON export) read into an ImportedDesign.
// The layouts it reads, all under "DataModel" (one object per table):
//   * version 1.0: sample items in each facet's "TableData" (facets under
//     "TableFacets", each with "FacetName", "KeyAttributeAlias" and
//     "NonKeyAttributes" as a list of names);
//   * version 3.0: sample items in the table's "TableData", facets optional
//     and without items, "NonKeyAttributes" a list of {AttributeName,
//     AttributeType}, indexes under "GlobalSecondaryIndexes";
//   * items in DynamoDB JSON ({"S": "..."}, {"N": "..."}) or as plain JSON
//     values.
// A facet's key aliases are labels only: the key templates are inferred from
// the items' values (infer.h). Items are grouped into entity types by their
// facet, else by an attribute naming the type (type, _type, entityType,
// __typename, _et, __edb_e__), else by the facet whose attributes they hold,
// else by their keys' literal prefixes.
//
// Everything in the model is outside input: a model of another shape is an
// error naming the JSON pointer where it differs; nothing in it makes the
// import crash, hang or grow without bound (the caller bounds the text).

#ifndef SORTKEY_DESIGN_IMPORT_WORKBENCH_H_
#define SORTKEY_DESIGN_IMPORT_WORKBENCH_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "design/import/model.h"
#include "sortkey/error.h"

namespace sortkey::design_import {

// Whether `model` is shaped as a Workbench export (an object with DataModel).
bool is_workbench_model(const nlohmann::json& model);

// The table named `table` (empty: the first) of `model` as a design named
// after the model (ModelName) or `fallback_name`. Errors (kBadFormat): "<JSON
// pointer>: <what is wrong>", e.g. "/DataModel/0/KeyAttributes: missing".
// `tool` names the source in the design's first comment ("NoSQL Workbench
// model", "ElectroDB entities").
Result<ImportedDesign> import_workbench(const nlohmann::json& model, const std::string& table,
                                        std::string_view fallback_name,
                                        std::string_view tool = "NoSQL Workbench model");

}  // namespace sortkey::design_import

#endif  // SORTKEY_DESIGN_IMPORT_WORKBENCH_H_
