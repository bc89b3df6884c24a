// The writes a design declares: `updates:` sent as real UpdateItem requests
// (SET, REMOVE, ADD and the keys they rewrite) and held to every index, and
// `writes:` (conditional put, update, delete), with the loader's refusals.
// Transactions: transaction_props_test.cc.
#include "design/write_props.h"

#include <gtest/gtest.h>

#include <string>

#include "design/load.h"
#include "design/tests/test_values.h"

namespace sortkey::design {
namespace {

using testing::number_value;
using testing::text_value;

constexpr const char* kPlayers = R"(table:
  partition_key: PK
  sort_key: SK
  indexes:
    - {name: ByScore, partition_key: GSI1PK, sort_key: GSI1SK}
    - {name: ByNick, partition_key: NickPK}
  local_indexes:
    - {name: ByLevel, sort_key: LSI1SK}
entities:
  Player:
    attributes:
      team: {type: string, alphabet: upper, length: [1, 2]}
      name: {type: string, alphabet: lower, length: [1, 3]}
      score: {type: integer, range: [0, 999], mutable: true}
      nick: {type: string, alphabet: lower, length: [1, 3], mutable: true}
      admin: {type: boolean, mutable: true}
    keys:
      PK: "TEAM#{team}"
      SK: "PLAYER#{name}"
      GSI1PK: {value: "TEAM#{team}", when: {admin: true}}
      GSI1SK: "{score:padded(3)}#{name}"
      NickPK: "NICK#{nick}"
      LSI1SK: "{score:padded(3)}"
    updates:
      UPDATE_BODY
writes:
  join: {put: Player, condition: unique}
  bump: {update: Player.play, condition: exists}
  leave: {delete: Player, condition: exists}
)";

std::string with_update(const std::string& body) {
  std::string text = kPlayers;
  text.replace(text.find("UPDATE_BODY"), 11, body);
  if (body.find("play:") == std::string::npos) {
    text.replace(text.find("  bump: {update: Player.play, condition: exists}\n"), 50, "");
  }
  return text;
}

Design players(const std::string& body) {
  auto d = load_design_text(with_update(body), "p.yaml");
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return d ? *d : Design{};
}

std::string write_error(const std::string& text) {
  auto d = load_design_text(text, "p.yaml");
  return d ? "loaded" : d.error().message;
}

Value flag(bool b) {
  Value v;
  v.type = AttrType::kBoolean;
  v.flag = b;
  return v;
}

Entity player(const Design& d, const char* name, std::int64_t score, bool admin) {
  return Entity{
      &d.entities[0],
      {text_value("A"), text_value(name), number_value(score), text_value("zz"), flag(admin)}};
}

TEST(DeclaredUpdate, TheLoaderReadsWhatItWritesAndRefusesMistakes) {
  const Design d = players("play: {set: [admin], add: [score], keys: [GSI1PK, GSI1SK, LSI1SK]}");
  ASSERT_EQ(d.entities[0].updates.size(), 1u);
  const EntityUpdate& u = d.entities[0].updates[0];
  EXPECT_EQ(u.set, std::vector<std::string>{"admin"});
  EXPECT_EQ(u.add, std::vector<std::string>{"score"});
  EXPECT_EQ(u.keys.size(), 3u);
  ASSERT_EQ(d.writes.size(), 3u);
  EXPECT_EQ(d.writes[1].update, "play");
  EXPECT_EQ(d.lines.at("write/bump"), 28);
  // (update body, the words of the refusal)
  const std::vector<std::pair<std::string, std::string>> slips{
      {"play: {set: [team]}", "Player.team is not mutable: declare it `mutable: true`"},
      {"play: {add: [nick]}", "ADD adds to a number, and Player.nick is a string"},
      {"play: {set: [score], add: [score]}", "score is written twice by one update"},
      {"play: {set: [admin], keys: [GSI9]}", "Player has no key template GSI9"},
      {"play: {set: [admin], keys: [SK]}", "SK is the table's key, which an update never changes"},
      {"play: {keys: [GSI1SK]}", "sets, removes and adds nothing"},
  };
  for (const auto& [body, words] : slips) {
    const std::string e = write_error(with_update(body));
    EXPECT_NE(e.find(words), std::string::npos) << body << ": " << e;
    EXPECT_EQ(e.rfind("p.yaml:", 0), 0u) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  }
}

TEST(DeclaredWrite, ConditionsAreChecked) {
  const std::string base = with_update("play: {set: [admin]}");
  const auto swapped = [&base](const std::string& from, const std::string& to) {
    std::string t = base;
    t.replace(t.find(from), from.size(), to);
    return write_error(t);
  };
  EXPECT_NE(
      swapped("{delete: Player, condition: exists}", "{delete: Player}").find("needs a condition"),
      std::string::npos);
  EXPECT_NE(swapped("{put: Player, condition: unique}", "{put: Player, condition: exists}")
                .find("a put takes the condition unique (attribute_not_exists), not \"exists\""),
            std::string::npos);
  EXPECT_NE(swapped("{update: Player.play,", "{update: Player.nope,")
                .find("Player declares no update nope"),
            std::string::npos);
  EXPECT_NE(swapped("{delete: Player,", "{delete: Plyer,").find("no entity type Plyer"),
            std::string::npos);
}

// The update sent for promoting and demoting an admin: the sparse index
// gains the item, then loses it (REMOVE of the keys that no longer apply).
TEST(DeclaredUpdate, SetAndRemoveOfASparseIndexKeyMoveTheItemInAndOut) {
  const Design d = players("play: {set: [admin], keys: [GSI1PK, GSI1SK]}");
  for (bool from : {false, true}) {
    const Population pop{player(d, "ann", 7, from), player(d, "bob", 8, true)};
    const DrawnUpdate u{0, &d.entities[0].updates[0], {flag(!from)}, {}};
    Item expected;
    const UpdateItemRequest r = declared_update_request(d, pop[0], u, &expected);
    EXPECT_EQ(*r.update_expression,
              from ? "SET #n0 = :v1, #n2 = :v3 REMOVE #n1" : "SET #n0 = :v1, #n1 = :v2, #n2 = :v3")
        << *r.update_expression;
    EXPECT_EQ(expected.count("GSI1PK"), from ? 0u : 1u);
    const Outcome o = update_keeps_indexes(*in_memory_source(), d, pop, u);
    EXPECT_TRUE(o.ok()) << o.message();
  }
}

TEST(DeclaredUpdate, ADemotionThatKeepsTheSparseKeyLeavesTheItemInTheIndex) {
  const Design d = players("play: {set: [admin]}");
  const Population pop{player(d, "ann", 7, true)};
  const Outcome o = update_keeps_indexes(
      *in_memory_source(), d, pop, DrawnUpdate{0, &d.entities[0].updates[0], {flag(false)}, {}});
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("after the update Player.play, the index ByScore holds the item at"),
            std::string::npos)
      << o.message();
  EXPECT_NE(o.message().find("stale key: GSI1PK is {\"S\":\"TEAM#A\"} where its template now "
                             "makes absent: it is derived from Player.admin"),
            std::string::npos)
      << o.message();
}

TEST(DeclaredUpdate, AddMovesTheItemInTheGlobalAndLocalIndexOnlyWhenItRewritesTheKeys) {
  const Design right = players("play: {add: [score], keys: [GSI1SK, LSI1SK]}");
  const Population pop{player(right, "ann", 7, true)};
  const DrawnUpdate u{0, &right.entities[0].updates[0], {}, {5}};
  const UpdateItemRequest r = declared_update_request(right, pop[0], u, nullptr);
  EXPECT_EQ(*r.update_expression, "SET #n0 = :v1, #n1 = :v2 ADD #n2 :d0");
  EXPECT_TRUE(update_keeps_indexes(*in_memory_source(), right, pop, u).ok());
  const Design stale = players("play: {add: [score], keys: [GSI1SK]}");
  const Population pop2{player(stale, "ann", 7, true)};
  const Outcome o = update_keeps_indexes(*in_memory_source(), stale, pop2,
                                         DrawnUpdate{0, &stale.entities[0].updates[0], {}, {5}});
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("the index ByLevel holds the item at"), std::string::npos)
      << o.message();
  EXPECT_NE(o.message().find("stale key: LSI1SK is {\"S\":\"007\"} where its template now makes "
                             "{\"S\":\"012\"}: it is derived from Player.score"),
            std::string::npos)
      << o.message();
  // A delta of 0 changes nothing, and nothing is stale.
  EXPECT_TRUE(update_keeps_indexes(*in_memory_source(), stale, pop2,
                                   DrawnUpdate{0, &stale.entities[0].updates[0], {}, {0}})
                  .ok());
}

TEST(DeclaredUpdate, RemovingAnAttributeTakesTheItemOutOfTheIndexItsKeyIsMadeOf) {
  const Design right = players("play: {remove: [nick], keys: [NickPK]}");
  const Population pop{player(right, "ann", 7, false)};
  const DrawnUpdate u{0, &right.entities[0].updates[0], {}, {}};
  EXPECT_EQ(*declared_update_request(right, pop[0], u, nullptr).update_expression,
            "REMOVE #n0, #n1");
  EXPECT_TRUE(update_keeps_indexes(*in_memory_source(), right, pop, u).ok());
  const Design stale = players("play: {remove: [nick]}");
  const Population pop2{player(stale, "ann", 7, false)};
  const Outcome o = update_keeps_indexes(*in_memory_source(), stale, pop2,
                                         DrawnUpdate{0, &stale.entities[0].updates[0], {}, {}});
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("the index ByNick holds the item at"), std::string::npos)
      << o.message();
  EXPECT_NE(o.message().find("stale key: NickPK"), std::string::npos) << o.message();
}

TEST(DeclaredWrite, AUniquePutRefusesATakenKeyAndAcceptsAnother) {
  const Design d = players("play: {set: [admin]}");
  const Write& join = d.writes[0];
  EXPECT_TRUE(unique_put(*in_memory_source(), d, join, player(d, "ann", 1, false),
                         player(d, "bob", 2, false))
                  .ok());
  EXPECT_TRUE(unique_put(*in_memory_source(), d, join, player(d, "ann", 1, false),
                         player(d, "ann", 1, false))
                  .ok());
  // Two distinct players of one key: the put refuses the second, another player.
  const Outcome o = unique_put(*in_memory_source(), d, join, player(d, "ann", 1, false),
                               player(d, "ann", 2, false));
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("refuses Player{"), std::string::npos) << o.message();
}

TEST(DeclaredWrite, ConditionalUpdateAndDeleteApplyToStoredItemsAndNeverCreateOne) {
  const Design d = players("play: {add: [score], keys: [GSI1SK, LSI1SK]}");
  const DrawnUpdate u{0, &d.entities[0].updates[0], {}, {3}};
  for (const Write& w : d.writes) {
    if (w.kind == Write::Kind::kPut) continue;
    const Outcome o = exists_write(*in_memory_source(), d, w, {player(d, "ann", 1, true)},
                                   player(d, "bob", 1, true), u);
    EXPECT_TRUE(o.ok()) << w.name << ": " << o.message();
  }
}

}  // namespace
}  // namespace sortkey::design
