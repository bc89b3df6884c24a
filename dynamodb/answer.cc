#include "dynamodb/answer.h"

#include <fmt/format.h>

#include <string>

#include "support/text.h"

namespace sortkey::dynamodb {
namespace {

using nlohmann::json;

// A member name as a JSON pointer token (RFC 6901: '~' is "~0", '/' is
// "~1"), shortened and with control characters replaced so that a hostile
// name cannot flood or garble a terminal.
std::string token(std::string_view name) {
  std::string out;
  for (const char c : support::utf8_prefix(name, 64)) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      out += '?';
    } else {
      out += c;
    }
  }
  return name.size() > 64 ? out + "..." : out;
}

std::string member_at(const std::string& at, std::string_view name) {
  return at + "/" + token(name);
}

std::string index_at(const std::string& at, std::size_t i) { return at + "/" + std::to_string(i); }

Result<void> wrong(const std::string& at, const json& j, std::string_view want) {
  return make_error(
      ErrorCode::kBadFormat, 0,
      fmt::format("{} is {}, not {}", at.empty() ? "the answer" : at, what_json_is(j), want));
}

using Check = Result<void> (*)(const json&, const std::string&);

Result<void> string_at(const json& j, const std::string& at) {
  return j.is_string() ? Result<void>() : wrong(at, j, "a string");
}

Result<void> boolean_at(const json& j, const std::string& at) {
  return j.is_boolean() ? Result<void>() : wrong(at, j, "a boolean");
}

Result<void> count_at(const json& j, const std::string& at) {
  if (j.is_number_unsigned() || (j.is_number_integer() && j.get<long long>() >= 0)) return {};
  if (j.is_number()) {
    return make_error(ErrorCode::kBadFormat, 0,
                      fmt::format("{} is {}, not a whole number of 0 or more", at, j.dump()));
  }
  return wrong(at, j, "a whole number");
}

// Every element of an array, checked with `each`.
Result<void> array_of(const json& j, const std::string& at, Check each) {
  if (!j.is_array()) return wrong(at, j, "an array");
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (auto ok = each(j[i], index_at(at, i)); !ok) return ok;
  }
  return {};
}

// Every member of an object, checked with `each`.
Result<void> object_of(const json& j, const std::string& at, Check each) {
  if (!j.is_object()) return wrong(at, j, "an object");
  for (const auto& [name, value] : j.items()) {
    if (auto ok = each(value, member_at(at, name)); !ok) return ok;
  }
  return {};
}

// The member `name` of an object, when present, checked with `check`.
Result<void> member(const json& object, std::string_view name, const std::string& at, Check check) {
  const auto it = object.find(name);
  if (it == object.end()) return {};
  return check(*it, member_at(at, name));
}

Result<void> strings_at(const json& j, const std::string& at) { return array_of(j, at, string_at); }

Result<void> value_at(const json& j, const std::string& at);

Result<void> item_at(const json& j, const std::string& at) { return object_of(j, at, value_at); }

Result<void> values_at(const json& j, const std::string& at) { return array_of(j, at, value_at); }

Result<void> value_at(const json& j, const std::string& at) {
  if (!j.is_object()) return wrong(at, j, "an object");
  static const std::pair<std::string_view, Check> kTypes[] = {
      {"S", string_at},     {"N", string_at},   {"B", string_at}, {"BOOL", boolean_at},
      {"NULL", boolean_at}, {"L", values_at},   {"M", item_at},   {"SS", strings_at},
      {"NS", strings_at},   {"BS", strings_at},
  };
  for (const auto& [type, check] : kTypes) {
    if (auto ok = member(j, type, at, check); !ok) return ok;
  }
  return {};
}

Result<void> items_at(const json& j, const std::string& at) { return array_of(j, at, item_at); }

Result<void> write_request_at(const json& j, const std::string& at) {
  if (!j.is_object()) return wrong(at, j, "an object");
  const auto put = [](const json& p, const std::string& a) -> Result<void> {
    if (!p.is_object()) return wrong(a, p, "an object");
    return member(p, "Item", a, item_at);
  };
  const auto del = [](const json& d, const std::string& a) -> Result<void> {
    if (!d.is_object()) return wrong(a, d, "an object");
    return member(d, "Key", a, item_at);
  };
  if (auto ok = member(j, "PutRequest", at, put); !ok) return ok;
  return member(j, "DeleteRequest", at, del);
}

Result<void> write_requests_at(const json& j, const std::string& at) {
  return array_of(j, at, write_request_at);
}

Result<void> keys_and_attributes_at(const json& j, const std::string& at) {
  if (!j.is_object()) return wrong(at, j, "an object");
  return member(j, "Keys", at, items_at);
}

Result<void> index_description_at(const json& j, const std::string& at) {
  if (!j.is_object()) return wrong(at, j, "an object");
  if (auto ok = member(j, "IndexName", at, string_at); !ok) return ok;
  return member(j, "IndexStatus", at, string_at);
}

Result<void> table_description_at(const json& j, const std::string& at) {
  if (!j.is_object()) return wrong(at, j, "an object");
  if (auto ok = member(j, "TableName", at, string_at); !ok) return ok;
  if (auto ok = member(j, "TableStatus", at, string_at); !ok) return ok;
  const auto indexes = [](const json& i, const std::string& a) {
    return array_of(i, a, index_description_at);
  };
  return member(j, "GlobalSecondaryIndexes", at, indexes);
}

// The members each action's answer is checked for.
struct Shape {
  std::string_view action;
  std::vector<std::pair<std::string_view, Check>> members;
};

const std::vector<Shape>& shapes() {
  const auto unprocessed_writes = [](const json& j, const std::string& at) {
    return object_of(j, at, write_requests_at);
  };
  const auto responses = [](const json& j, const std::string& at) {
    return object_of(j, at, items_at);
  };
  const auto unprocessed_keys = [](const json& j, const std::string& at) {
    return object_of(j, at, keys_and_attributes_at);
  };
  const std::vector<std::pair<std::string_view, Check>> page = {{"Items", items_at},
                                                                {"Count", count_at},
                                                                {"ScannedCount", count_at},
                                                                {"LastEvaluatedKey", item_at}};
  static const std::vector<Shape> all = {
      {"Query", page},
      {"Scan", page},
      {"GetItem", {{"Item", item_at}}},
      {"PutItem", {{"Attributes", item_at}}},
      {"DeleteItem", {{"Attributes", item_at}}},
      {"UpdateItem", {{"Attributes", item_at}}},
      {"BatchWriteItem", {{"UnprocessedItems", unprocessed_writes}}},
      {"BatchGetItem", {{"Responses", responses}, {"UnprocessedKeys", unprocessed_keys}}},
      {"DescribeTable", {{"Table", table_description_at}}},
      {"CreateTable", {{"TableDescription", table_description_at}}},
      {"DeleteTable", {{"TableDescription", table_description_at}}},
      {"ListTables", {{"TableNames", strings_at}, {"LastEvaluatedTableName", string_at}}},
  };
  return all;
}

}  // namespace

Result<void> check_answer_types(std::string_view action, const nlohmann::json& answer) {
  if (!answer.is_object()) return wrong("", answer, "an object");
  for (const Shape& shape : shapes()) {
    if (shape.action != action) continue;
    for (const auto& [name, check] : shape.members) {
      if (auto ok = member(answer, name, "", check); !ok) return ok;
    }
  }
  return {};
}

Result<void> check_error_types(const nlohmann::json& answer) {
  if (!answer.is_object()) return wrong("", answer, "an object");
  for (const char* name : {"__type", "message", "Message"}) {
    if (auto ok = member(answer, name, "", string_at); !ok) return ok;
  }
  return {};
}

std::string what_json_is(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::string:
      return "a string";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    case nlohmann::json::value_t::null:
      return "null";
    default:
      return "a number";
  }
}

}  // namespace sortkey::dynamodb
