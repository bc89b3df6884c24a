#include "design/import/workbench.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "design/import/import.h"
#include "design/load.h"

namespace sortkey::design_import {
namespace {

std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(SORTKEY_IMPORT_FIXTURES) + "/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The design text imported from `fixture`, which must load as a design.
std::string Imported(const std::string& fixture, const std::string& table = "") {
  ImportOptions o;
  o.source = fixture;
  o.table = table;
  auto text = import_design_text(Fixture(fixture), o);
  EXPECT_TRUE(text.has_value()) << (text ? "" : text.error().message);
  if (!text) return "";
  auto design = design::load_design_text(*text, "imported.yaml");
  EXPECT_TRUE(design.has_value()) << (design ? "" : design.error().message) << "\n" << *text;
  return *text;
}

bool Has(const std::string& text, const std::string& line) {
  return text.find(line) != std::string::npos;
}

TEST(WorkbenchImport, Version3GroupsItemsByTheirTypeAndInfersEachKey) {
  const std::string t = Imported("workbench_v3_catalog.json");
  EXPECT_TRUE(Has(t, "  \"BRAND\":\n")) << t;
  EXPECT_TRUE(Has(t, "      \"SK\": \"B#{brandId}\"\n")) << t;
  EXPECT_TRUE(Has(t, "      \"PK\": \"BRANDS\"\n")) << t;
  EXPECT_TRUE(Has(t, "      \"PK\": \"P#{productId}\"\n")) << t;
  EXPECT_TRUE(Has(t, "      \"GSI1PK\": \"B#{brandId}\"\n")) << t;
  EXPECT_TRUE(Has(t, "      \"GSI1SK\": \"C#{categoryId}P#{productId}\"\n")) << t;
  EXPECT_TRUE(Has(t, "      \"stockLevel\": {type: integer, range: [0, 999]}\n")) << t;
  EXPECT_TRUE(Has(t, "    - name: \"GSI1\"\n      partition_key: \"GSI1PK\"\n")) << t;
  EXPECT_TRUE(Has(t, "# patterns: the access patterns are yours to declare")) << t;
}

TEST(WorkbenchImport, Version1ReadsTheFacetsItems) {
  const std::string t = Imported("workbench_v1_music.json");
  EXPECT_TRUE(Has(t, "  \"SongDetails\":\n")) << t;
  EXPECT_TRUE(Has(t, "      # the model's label: \"SongId\"\n")) << t;
  // The song id is in no attribute: a new one, named after the key.
  EXPECT_TRUE(Has(t, "      \"Id\": \"{id}\"\n")) << t;
  EXPECT_TRUE(Has(t, "      \"Metadata\": \"Dwnl#{DownloadTimestamp}\"\n")) << t;
  EXPECT_TRUE(
      Has(t,
          "      \"DownloadTimestamp\": {type: timestamp, range: [\"2019-01-01T00:00:00Z\", "
          "\"2019-12-31T23:59:59Z\"], precision: 0}\n"))
      << t;
  EXPECT_TRUE(Has(t, "      \"Id\": \"ALBUM#{Artist}#{Album}\"\n")) << t;
  EXPECT_TRUE(Has(t, "    identity: [\"Artist\", \"Album\"]\n")) << t;
}

TEST(WorkbenchImport, FacetsWithoutItemsTakeTheItemsThatHoldTheirAttributes) {
  const std::string t = Imported("workbench_v3_facets_users.json");
  EXPECT_TRUE(Has(t, "  \"User\":\n")) << t;
  EXPECT_TRUE(Has(t, "  \"Order\":\n")) << t;
  EXPECT_TRUE(Has(t, "      \"pk\": \"USER#{userId}\"\n")) << t;
  EXPECT_TRUE(Has(t, "      \"sk\": \"ORDER#{orderNumber:padded(5)}\"\n")) << t;
  EXPECT_TRUE(Has(t, "      \"gsi1pk\": \"EMAIL#{email:upper}\"\n")) << t;
  EXPECT_TRUE(Has(t, "only 1 of 2 sample items hold gsi1pk")) << t;
  EXPECT_TRUE(Has(t, "      \"userId\": {type: id, format: ulid}\n")) << t;
}

TEST(WorkbenchImport, RefusesWhatIsNotAModelWithThePlace) {
  ImportOptions o;
  o.source = "m.json";
  auto bad = import_design_text(R"({"DataModel": [{"TableName": "T"}]})", o);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message, "m.json: /DataModel/0/KeyAttributes: missing, or not an object");
  auto no_items = import_design_text(
      R"({"DataModel": [{"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}}}]})",
      o);
  ASSERT_FALSE(no_items.has_value());
  EXPECT_EQ(no_items.error().message,
            "m.json: /DataModel/0: no sample items and no facets: no entity to import");
}

TEST(WorkbenchImport, ItemsWithoutTheTableKeyAreNoEntity) {
  // Found by the fuzz target: a design without entities does not load.
  ImportOptions o;
  o.source = "m.json";
  auto text = import_design_text(
      R"({"DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                            "SortKey": {"AttributeName": "SK", "AttributeType": "S"}},
          "TableData": [{"PK": {"S": "A"}, "SKx": {"S": "B"}}]}]})",
      o);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().message,
            "m.json: /DataModel/0/TableData: no sample item holds the table's key: no entity to "
            "import");
}

TEST(WorkbenchImport, RefusesKeySchemasDynamoDBRefuses) {
  // Found by the fuzz target: an index whose two keys are one attribute.
  ImportOptions o;
  o.source = "m.json";
  const std::string table =
      R"("TableName": "T", "TableData": [{"PK": {"S": "A"}}],
         "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}})";
  auto same = import_design_text(R"({"DataModel": [{)" + table + R"(,
      "GlobalSecondaryIndexes": [{"IndexName": "G", "KeyAttributes": {
        "PartitionKey": {"AttributeName": "X", "AttributeType": "S"},
        "SortKey": {"AttributeName": "X", "AttributeType": "S"}}}]}]})",
                                 o);
  ASSERT_FALSE(same.has_value());
  EXPECT_EQ(same.error().message,
            "m.json: /DataModel/0/GlobalSecondaryIndexes/0/KeyAttributes: the partition and the "
            "sort key are one attribute, which DynamoDB refuses");
  auto types = import_design_text(R"({"DataModel": [{)" + table + R"(,
      "GlobalSecondaryIndexes": [{"IndexName": "G", "KeyAttributes": {
        "PartitionKey": {"AttributeName": "PK", "AttributeType": "N"}}}]}]})",
                                  o);
  ASSERT_FALSE(types.has_value());
  EXPECT_EQ(types.error().message,
            "m.json: /DataModel/0: the key attribute \"PK\" is a String in one key and a Number "
            "in another");
}

TEST(WorkbenchImport, AnEntityOfConstantKeysAndNoOtherAttributeLoads) {
  ImportOptions o;
  o.source = "m.json";
  auto text = import_design_text(
      R"({"DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
          "TableData": [{"PK": {"S": "CONFIG"}}]}]})",
      o);
  ASSERT_TRUE(text.has_value()) << text.error().message;
  auto design = design::load_design_text(*text, "imported.yaml");
  EXPECT_TRUE(design.has_value()) << (design ? "" : design.error().message) << "\n" << *text;
}

// An enum the model declares (NonKeyAttributes' "Values", as the entity
// script writes them) is the attribute's domain when every sample is one of
// its values, all of them, not only the samples'; a sample outside it, or a
// declaration that is not a list of strings, leaves the guess from the samples.
std::string ImportedWithDeclared(const std::string& declared, const std::string& second_status) {
  ImportOptions o;
  o.source = "m.json";
  auto text = import_design_text(
      R"({"DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
          "NonKeyAttributes": [{"AttributeName": "status", "AttributeType": "S", "Values": )" +
          declared + R"(}],
          "TableData": [{"PK": {"S": "ORDER#1"}, "id": {"N": "1"}, "status": {"S": "OPEN"}},
                        {"PK": {"S": "ORDER#2"}, "id": {"N": "2"}, "status": {"S": ")" +
          second_status + R"("}}]}]})",
      o);
  EXPECT_TRUE(text.has_value()) << (text ? "" : text.error().message);
  if (!text) return "";
  auto design = design::load_design_text(*text, "imported.yaml");
  EXPECT_TRUE(design.has_value()) << (design ? "" : design.error().message) << "\n" << *text;
  return *text;
}

TEST(WorkbenchImport, ADeclaredEnumIsTheDomainWhenTheSamplesAreAmongItsValues) {
  const std::string enum_line = R"("status": {type: enum, values: ["CLOSED", "OPEN", "SHIPPED"]})";
  std::string t = ImportedWithDeclared(R"(["OPEN", "SHIPPED", "CLOSED"])", "CLOSED");
  EXPECT_TRUE(Has(t, enum_line)) << t;
  EXPECT_TRUE(Has(t, "# values: the enum the model declares")) << t;
  t = ImportedWithDeclared(R"(["OPEN", "SHIPPED", "CLOSED"])", "LOST");
  EXPECT_FALSE(Has(t, "type: enum")) << t;
  EXPECT_TRUE(Has(t, R"("status": {type: string, alphabet: text)")) << t;
  t = ImportedWithDeclared(R"(["OPEN", 5])", "OPEN");
  EXPECT_FALSE(Has(t, "type: enum")) << t;
  t = ImportedWithDeclared(R"("OPEN")", "OPEN");
  EXPECT_FALSE(Has(t, "type: enum")) << t;
}

TEST(WorkbenchImport, HostileNamesStayNamesAndCommentsStayComments) {
  ImportOptions o;
  o.source = "m.json";
  auto text = import_design_text(
      R"({"ModelName": "a\nb: c", "DataModel": [{"TableName": "T\n#x",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "P K", "AttributeType": "S"}},
          "TableData": [{"P K": {"S": "X#{1}"}, "we ird\n": {"S": "1"}},
                        {"P K": {"S": "X#{2}"}, "we ird\n": {"S": "2"}}]}]})",
      o);
  ASSERT_TRUE(text.has_value()) << text.error().message;
  auto design = design::load_design_text(*text, "imported.yaml");
  EXPECT_TRUE(design.has_value()) << (design ? "" : design.error().message) << "\n" << *text;
  EXPECT_TRUE(Has(*text, "\"P_K\": \"X#{{{we_ird_}}}\"")) << *text;
  EXPECT_TRUE(Has(*text, "\n# the key attribute \"P K\" is P_K here")) << *text;
}

}  // namespace
}  // namespace sortkey::design_import
