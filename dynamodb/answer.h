// File: dynamodb/answer.h
//
// The JSON types of an endpoint's answers, checked before anything reads
// them. Every member sortkey reads, and every attribute value of an
// item or a key, must have the type DynamoDB's API gives it; a member of
// another type is the endpoint breaking the protocol, and the error names it
// by its JSON pointer (RFC 6901): "/Items/3/sk/S is a number, not a string".
// What the types allow but DynamoDB would never send (an unknown attribute
// type, a Number that is not canonical, a missing Count) is left to the
// workload, which reports it as a divergence.
//
//   every answer      an object
//   an error answer   __type, message, Message: strings
//   Query, Scan       Items: array of items; Count, ScannedCount: whole numbers
//                     >= 0; LastEvaluatedKey: item
//   GetItem           Item: item
//   PutItem, DeleteItem, UpdateItem
//                     Attributes: item
//   BatchWriteItem    UnprocessedItems: object of arrays of
//                     {"PutRequest": {"Item": item}} or {"DeleteRequest": {"Key": item}}
//   BatchGetItem      Responses: object of arrays of items; UnprocessedKeys:
//                     object of {"Keys": array of items}
//   DescribeTable     Table: table description
//   CreateTable, DeleteTable
//                     TableDescription: table description
//   ListTables        TableNames: array of strings; LastEvaluatedTableName: string
//   table description an object; TableName, TableStatus: strings;
//                     GlobalSecondaryIndexes: array of objects whose
//                     IndexName and IndexStatus are strings
//   item              an object of attribute values
//   attribute value   an object; S, N, B: string; BOOL, NULL: boolean;
//                     L: array of attribute values; M: item; SS, NS, BS:
//                     arrays of strings
//
// A member that is absent is not checked; null is a wrong type. Other
// actions' answers are only required to be objects.
//
// Example:
//   check_answer_types("Query", nlohmann::json::parse(R"({"Items": {}})"))
//   // error: "/Items is an object, not an array"

#ifndef SORTKEY_DYNAMODB_ANSWER_H_
#define SORTKEY_DYNAMODB_ANSWER_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::dynamodb {

// The answer to a successful `action`. Error (kBadFormat): the first member
// of a wrong type, "<pointer> is <what it is>, not <what it must be>".
Result<void> check_answer_types(std::string_view action, const nlohmann::json& answer);

// An error answer. Error (kBadFormat): as above.
Result<void> check_error_types(const nlohmann::json& answer);

// What a JSON value is, for a sentence: "a number", "an object", "null".
std::string what_json_is(const nlohmann::json& j);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_ANSWER_H_
