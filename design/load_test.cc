#include "design/load.h"

#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "src/testing/source_dir.h"

namespace sortkey::design {
namespace {

constexpr const char* kMinimal = R"(table:
  partition_key: PK
  sort_key: SK
entities:
  Event:
    attributes:
      actor: {type: string, alphabet: lower}
      at: {type: timestamp, range: ["2026-01-01T00:00:00Z", "2026-12-31T23:59:59Z"]}
    keys:
      PK: "ACTOR#{actor}"
      SK: "EVT#{at:timestamp(0)}"
)";

TEST(Load, NotesTheLineThatNamesEachPart) {
  const std::string text = std::string(kMinimal) + R"(patterns:
  newest_first:
    query:
      partition: {PK: "ACTOR#{actor}"}
    parameters:
      actor: {like: Event.actor}
    returns:
      - {entity: Event, where: {actor: $actor}}
    order: any
)";
  auto d = load_design_text(text, "d.yaml");
  ASSERT_TRUE(d) << d.error().message;
  // The key's line, not the value's (which starts on the next line).
  EXPECT_EQ(d->lines.at("entities"), 4);
  EXPECT_EQ(d->lines.at("entity/Event"), 5);
  EXPECT_EQ(d->lines.at("key/Event/PK"), 10);
  EXPECT_EQ(d->lines.at("key/Event/SK"), 11);
  EXPECT_EQ(d->lines.at("pattern/newest_first"), 13);
}

std::string error_of(const std::string& text) {
  auto d = load_design_text(text, "d.yaml");
  return d ? "loaded" : d.error().message;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

TEST(Load, AMinimalDesign) {
  auto d = load_design_text(kMinimal, "dir/audit.yaml");
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(d->name, "audit");
  ASSERT_EQ(d->entities.size(), 1u);
  EXPECT_EQ(d->entities[0].attributes[1].type, AttrType::kTimestamp);
  EXPECT_EQ(d->entities[0].keys[1].value.pieces[1].codecs[0].kind, Codec::Kind::kTimestamp);
}

TEST(Load, ErrorsNameFileLineColumnAndPointer) {
  EXPECT_EQ(error_of(replaced(kMinimal, "timestamp(0)", "padded(3)")),
            "d.yaml:11:11: /entities/Event/keys/SK: {at}: padded(3) needs a value of type integer, "
            "not timestamp");
  EXPECT_EQ(error_of(replaced(kMinimal, "sort_key: SK", "sort_kee: SK")),
            "d.yaml:3:13: /table/sort_kee: unknown key \"sort_kee\" (did you mean sort_key?); the "
            "keys here: name, partition_key, sort_key, indexes, "
            "local_indexes");
  EXPECT_EQ(
      error_of(replaced(kMinimal, "      SK: \"EVT#{at:timestamp(0)}\"\n", "")),
      "d.yaml:10:7: /entities/Event/keys: Event gives no SK: every item needs the table's key");
  EXPECT_EQ(error_of(replaced(kMinimal, "{actor}", "{who}")),
            "d.yaml:10:11: /entities/Event/keys/PK: {who} names no attribute of Event");
  EXPECT_EQ(error_of(replaced(kMinimal, "{actor}", "{actr}")),
            "d.yaml:10:11: /entities/Event/keys/PK: {actr} names no attribute of Event (did you "
            "mean actor?)");
  EXPECT_EQ(error_of(replaced(kMinimal, "alphabet: lower", "alphabet: klingon")).substr(0, 44),
            "d.yaml:7:39: /entities/Event/attributes/acto");
  EXPECT_NE(
      error_of(replaced(kMinimal, "2026-12-31T23:59:59Z", "May 26, 1988")).find("display format"),
      std::string::npos);
  EXPECT_NE(error_of(replaced(kMinimal, "type: string", "type: string, range: [1, 2]"))
                .find("a string attribute has no \"range\""),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kMinimal, "type: string", "type: integer, range: [1, 2], length: 1"))
                .find("an integer attribute has no \"alphabet\""),
            std::string::npos);
}

TEST(Load, PatternsAreChecked) {
  const std::string base = std::string(kMinimal) + R"(patterns:
  newest:
    query:
      partition: {PK: "ACTOR#{a}"}
      forward: false
    parameters:
      a: {like: Event.actor}
    returns:
      - {entity: Event, where: {actor: $a}}
    order:
      - {attribute: at, descending: true}
)";
  auto d = load_design_text(base, "d.yaml");
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_FALSE(d->patterns[0].forward);
  EXPECT_NE(error_of(replaced(base, "{actor: $a}", "{actor: $b}")).find("$b names no parameter"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(base, "{actor: $a}", "{at: $a}")).find("$a is a string parameter"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(base, "{PK: \"ACTOR#{a}\"}", "{SK: \"x\"}")).find("PK"),
            std::string::npos);
  EXPECT_NE(
      error_of(replaced(base, "forward: false", "index: Nope")).find("the table has no index Nope"),
      std::string::npos);
  EXPECT_NE(error_of(replaced(base, "attribute: at,", "attribute: when,"))
                .find("no entity type here has"),
            std::string::npos);
}

// Every name a design uses is one it declares; a slip is refused with the
// name it was likely meant to be.
TEST(Load, NamesAreCheckedWithASuggestion) {
  const std::string base = std::string(kMinimal) + R"(  Actor:
    attributes:
      actor: {type: string, alphabet: lower}
      status: {type: enum, values: [ON, OFF]}
    keys:
      PK: "ACTOR#{actor}"
      SK: "#ACTOR"
patterns:
  everything:
    query:
      partition: {PK: "ACTOR#{a}"}
      filter:
        expression: "#st = :st"
        names: {"#st": status}
        values: {":st": "ON"}
    parameters:
      a: {like: Actor.actor}
    returns:
      - {entity: Event, where: {actor: $a}}
      - {entity: Actor, where: {actor: $a}}
    order:
      - entity: [Actor, Event]
)";
  ASSERT_TRUE(load_design_text(base, "d.yaml")) << error_of(base);
  EXPECT_EQ(error_of(replaced(base, "[Actor, Event]", "[Actro, Event]")),
            "d.yaml:33:18: /patterns/everything/order/0/entity/0: Actro is not an entity type "
            "here (did you mean Actor?): the types here are Event, Actor");
  // (what is written, what it becomes, the words of the refusal)
  const std::vector<std::array<std::string, 3>> slips{
      {"[Actor, Event]", "[Actor, Actor]", "Actor is listed twice"},
      {"{entity: Actor, where", "{entity: Acter, where",
       "no entity type Acter (did you mean Actor?)"},
      {"{\"#st\": status}", "{\"#st\": stauts}",
       "stauts is an attribute of no item of the design (did you mean status?)"},
      {"\"#st = :st\"", "\"#st = :sts\"", ":sts is not declared under values (did you mean :st?)"},
      {"\"#st = :st\"", "\"#st = :st OR #st = :st2\"", ":st2 is not declared under values"},
      {"{\":st\": \"ON\"}", "{\":st\": \"ON\", \":x\": \"OFF\"}",
       ":x is not used in the expression"},
      {"{actor: $a}}\n      - {entity: Actor", "{actor: $aa}}\n      - {entity: Actor",
       "$aa names no parameter (did you mean $a?)"},
      {"like: Actor.actor", "like: Actor.acter", "(did you mean Actor.actor?)"},
      {"{PK: \"ACTOR#{a}\"}", "{PKK: \"ACTOR#{a}\"}", "gives no value for the partition-key"},
      {"SK: \"#ACTOR\"", "SK: \"#ACTOR\"\n      SKK: \"x\"",
       "SKK is a key of neither the table nor an index (did you mean SK?)"},
      {"\"ACTOR#{actor}\"\n      SK: \"#ACTOR\"", "\"ACTOR#{actor:segmnt}\"\n      SK: \"#ACTOR\"",
       "unknown codec \"segmnt\" (did you mean segment?)"},
  };
  for (const auto& [from, to, words] : slips) {
    EXPECT_NE(error_of(replaced(base, from, to)).find(words), std::string::npos)
        << to << ": " << error_of(replaced(base, from, to));
  }
}

TEST(Load, TheExamplesLoad) {
  for (const char* name : {"saas", "iot_newest_first", "iot_newest_last", "tickets", "orders",
                           "sparse", "audit_log", "versions"}) {
    std::ifstream in(sortkey::testing::source_path(std::string("examples/") + name + ".yaml"));
    std::stringstream text;
    text << in.rdbuf();
    auto d = load_design_text(text.str(), name);
    EXPECT_TRUE(d) << name << ": " << d.error().message;
  }
}

}  // namespace
}  // namespace sortkey::design
