// A transaction write (`writes: {w: {transaction: [...]}}`): the loader's
// reading and refusals, and transaction_writes on the in-memory model and
// on stores that break the transaction's promises on purpose.
#include "design/transaction_props.h"

#include <gtest/gtest.h>

#include <string>

#include "design/load.h"
#include "design/tests/test_values.h"

namespace sortkey::design {
namespace {

using props::Outcome;
using testing::text_value;

constexpr const char* kTicketTransactions = R"(table:
  partition_key: PK
  sort_key: SK
  indexes:
    - {name: ByUpdate, partition_key: GSI1PK, sort_key: GSI1SK}
entities:
  Ticket:
    identity: [org, id]
    attributes:
      org: {type: string, alphabet: upper, length: [1, 2]}
      id: {type: string, alphabet: lower, length: [1, 3]}
      at: {type: string, alphabet: lower, length: [1, 2], mutable: true}
    keys:
      PK: "ORG#{org}"
      SK: "TICKET#{id}"
      GSI1PK: "ORG#{org}"
      GSI1SK: "{at}#{id}"
    updates:
      edit: {set: [at], EDIT_KEYS}
  TicketById:
    identity: [id]
    attributes:
      org: {type: string, alphabet: upper, length: [1, 2]}
      id: {type: string, alphabet: lower, length: [1, 3]}
    keys:
      PK: "ID#{id}"
      SK: "ID#{id}"
writes:
  create:
    transaction:
      - {put: Ticket, condition: unique}
      - put: TicketById
        condition: unique
        refers: {Ticket: {TicketPK: "ORG#{org}", TicketSK: "TICKET#{id}"}}
  edit:
    transaction:
      - {update: Ticket.edit, condition: exists}
      - {condition_check: TicketById, condition: exists}
)";

std::string tickets_text(const std::string& from = "", const std::string& to = "",
                         const std::string& edit_keys = "keys: [GSI1SK]") {
  std::string t = kTicketTransactions;
  t.replace(t.find("EDIT_KEYS"), 9, edit_keys);
  if (!from.empty()) {
    const auto at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) t.replace(at, from.size(), to);
  }
  return t;
}

Design ticket_design(const std::string& edit_keys = "keys: [GSI1SK]") {
  auto d = load_design_text(tickets_text("", "", edit_keys), "t.yaml");
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return d ? *d : Design{};
}

std::string transaction_load_error(const std::string& text) {
  auto d = load_design_text(text, "t.yaml");
  return d ? "loaded" : d.error().message;
}

Entity ticket(const Design& d, const char* org, const char* id, const char* at) {
  return Entity{&d.entities[0], {text_value(org), text_value(id), text_value(at)}};
}

DrawnTransaction transaction_for(const Design& d, const Write& w, const Entity& subject) {
  DrawnTransaction t{subject, {}};
  for (const TransactionAction& a : w.actions) {
    DrawnUpdate u;
    if (a.kind == TransactionAction::Kind::kUpdate) {
      u.update = &d.entities[0].updates[0];
      u.set_values = {text_value("zz")};
    }
    t.updates.push_back(u);
  }
  return t;
}

TEST(TransactionWrite, TheLoaderReadsItsActions) {
  const Design d = ticket_design();
  ASSERT_EQ(d.writes.size(), 2u);
  const Write& create = d.writes[0];
  EXPECT_EQ(create.kind, Write::Kind::kTransaction);
  EXPECT_EQ(create.entity, "Ticket");
  ASSERT_EQ(create.actions.size(), 2u);
  EXPECT_EQ(create.actions[1].entity, "TicketById");
  EXPECT_EQ(create.actions[1].condition, TransactionAction::Condition::kUnique);
  EXPECT_EQ(create.actions[1].refers_to, "Ticket");
  ASSERT_EQ(create.actions[1].refers.size(), 2u);
  EXPECT_EQ(create.actions[1].refers[1].attribute, "TicketSK");
  const Write& edit = d.writes[1];
  EXPECT_EQ(edit.actions[0].kind, TransactionAction::Kind::kUpdate);
  EXPECT_EQ(edit.actions[0].update, "edit");
  EXPECT_EQ(edit.actions[1].kind, TransactionAction::Kind::kConditionCheck);
  EXPECT_EQ(d.lines.at("write/edit"), 35);
}

TEST(TransactionWrite, AMalformedTransactionIsOneLineNamingThePlace) {
  std::string many = "    transaction:\n";
  for (int i = 0; i < 100; ++i) many += "      - {put: Ticket, condition: unique}\n";
  // (from, to, the words of the refusal)
  const std::vector<std::tuple<std::string, std::string, std::string>> slips{
      {"{put: Ticket, condition: unique}", "{put: Tikcet, condition: unique}",
       "t.yaml:31:15: /writes/create/transaction/0/put: no entity type Tikcet"},
      {"      - {update: Ticket.edit, condition: exists}\n",
       "      - {update: Ticket.edit, condition: exists}\n      - {delete: Ticket}\n",
       "t.yaml:38:9: /writes/edit/transaction/1: writes Ticket twice: both actions compute one "
       "item"},
      {"{condition_check: TicketById, condition: exists}", "{check: TicketById}",
       "/writes/edit/transaction/1/check: unknown key \"check\""},
      {"{condition_check: TicketById, condition: exists}", "{}",
       "/writes/edit/transaction/1: needs exactly one of put, update, delete, condition_check"},
      {"{condition_check: TicketById, condition: exists}", "{condition_check: TicketById}",
       "a condition_check needs a condition: unique or exists"},
      {"{update: Ticket.edit, condition: exists}", "{update: Ticket.edit}",
       "an update needs condition: exists (attribute_exists)"},
      {"{put: Ticket, condition: unique}", "{put: Ticket, condition: exists}",
       "a put takes the condition unique (attribute_not_exists), not \"exists\""},
      {"{update: Ticket.edit, condition: exists}", "{update: Ticket.nope, condition: exists}",
       "Ticket declares no update nope"},
      {"TicketSK: \"TICKET#{id}\"}", "}",
       "names 2 attributes, one per attribute of the table's key"},
      {"{Ticket: {TicketPK", "{TicketById: {TicketPK",
       "refers to TicketById, which no other action of the transaction writes"},
      {"TicketPK: \"ORG#{org}\"", "org: \"ORG#{org}\"",
       "org is already an attribute of TicketById"},
      {"TicketSK: \"TICKET#{id}\"", "TicketSK: \"TICKET#{nid}\"", "{nid} names no attribute"},
      {"      id: {type: string, alphabet: lower, length: [1, 3]}\n    keys:\n      PK: \"ID",
       "      id: {type: string, alphabet: lower, length: [1, 3]}\n      n: {type: integer, range: "
       "[0, 9]}\n    keys:\n      PK: \"ID",
       "TicketById.n is not an attribute of Ticket: the items of a transaction are made of one "
       "Ticket's values"},
      {"    transaction:\n      - {put: Ticket",
       "    transaction: []\n  x:\n    transaction:\n      - {put: Ticket",
       "/writes/create/transaction: lists no action"},
      {"    transaction:\n      - {put: Ticket, condition: unique}\n", many,
       "/writes/create/transaction: has 101 actions, more than TransactWriteItems takes (100)"},
  };
  for (const auto& [from, to, words] : slips) {
    const std::string e = transaction_load_error(tickets_text(from, to));
    EXPECT_NE(e.find(words), std::string::npos) << to << ": " << e;
    EXPECT_EQ(e.rfind("t.yaml:", 0), 0u) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  }
}

TEST(TransactionWrite, TheItemsAndTheReferenceAreBuiltFromOneSubject) {
  const Design d = ticket_design();
  std::vector<std::optional<Item>> items;
  auto actions = transaction_actions(
      d, d.writes[0], transaction_for(d, d.writes[0], ticket(d, "A", "x", "a")), &items);
  ASSERT_TRUE(actions) << actions.error().message;
  ASSERT_EQ(actions->size(), 2u);
  EXPECT_EQ(to_json(items[1]->at("PK")), R"({"S":"ID#x"})");
  EXPECT_EQ(to_json(items[1]->at("TicketSK")), R"({"S":"TICKET#x"})");
  EXPECT_EQ(items[1]->at("TicketSK"), items[0]->at("SK"));
  EXPECT_EQ((*actions)[1].condition.value_or(""), "attribute_not_exists(#pk)");
}

// A second ticket of the same id in another organization: the ticket's
// put would commit alone, the lookup item's condition cancels both.
TEST(TransactionWrite, HoldsOnTheModelAndCancelsASecondTicketOfOneId) {
  const Design d = ticket_design();
  const Population stored{ticket(d, "B", "y", "b")};
  for (const auto& [org, id] : {std::pair{"A", "x"}, {"B", "x"}, {"A", "y"}, {"C", "z"}}) {
    for (const Write& w : d.writes) {
      const Outcome o = transaction_writes(*in_memory_source(), d, w, stored,
                                           transaction_for(d, w, ticket(d, "A", "x", "a")),
                                           transaction_for(d, w, ticket(d, org, id, "c")));
      EXPECT_TRUE(o.ok()) << w.name << " " << org << id << ": " << o.message();
    }
  }
}

TEST(TransactionWrite, KeysThatDisagreeFail) {
  auto d =
      load_design_text(tickets_text("TicketSK: \"TICKET#{id}\"", "TicketSK: \"{id}\""), "t.yaml");
  ASSERT_TRUE(d) << d.error().message;
  const Write& w = d->writes[0];
  const Outcome o = transaction_writes(*in_memory_source(), *d, w, {},
                                       transaction_for(*d, w, ticket(*d, "A", "x", "a")),
                                       transaction_for(*d, w, ticket(*d, "B", "y", "a")));
  ASSERT_FALSE(o.ok());
  EXPECT_NE(
      o.message().find("the TicketById item refers to its Ticket by TicketSK = {\"S\":\"x\"}, "
                       "but the Ticket written with it has SK = {\"S\":\"TICKET#x\"}"),
      std::string::npos)
      << o.message();
}

TEST(TransactionWrite, AnUnconditionalLookupPutTakenByAnotherTicketFails) {
  auto d = load_design_text(tickets_text("      - put: TicketById\n        condition: unique\n",
                                         "      - put: TicketById\n"),
                            "t.yaml");
  ASSERT_TRUE(d) << d.error().message;
  const Write& w = d->writes[0];
  const Outcome o = transaction_writes(*in_memory_source(), *d, w, {},
                                       transaction_for(*d, w, ticket(*d, "A", "x", "a")),
                                       transaction_for(*d, w, ticket(*d, "B", "x", "a")));
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("the second transaction, for another Ticket, replaces the TicketById "
                             "item the first wrote"),
            std::string::npos)
      << o.message();
}

// An update in a transaction that does not rewrite the key derived from
// what it sets leaves the index entry stale.
TEST(TransactionWrite, AStaleIndexKeyAfterTheTransactionFails) {
  const Design d = ticket_design("keys: []");
  const Write& w = d.writes[1];
  const Outcome o = transaction_writes(*in_memory_source(), d, w, {},
                                       transaction_for(d, w, ticket(d, "A", "x", "a")),
                                       transaction_for(d, w, ticket(d, "B", "y", "a")));
  ASSERT_FALSE(o.ok());
  EXPECT_NE(
      o.message().find("after the first transaction (committed), the table holds other items"),
      std::string::npos)
      << o.message();
  EXPECT_NE(o.message().find("GSI1SK is {\"S\":\"a#x\"} where the templates make {\"S\":\"zz#x\"}"),
            std::string::npos)
      << o.message();
}

// Stores that break TransactWriteItems' promises on purpose, over the model.
class PlantedStore final : public Store {
 public:
  enum class Bug { kFirstActionOnly, kConditionsIgnored };
  PlantedStore(std::unique_ptr<Store> inner, Bug bug) : inner_(std::move(inner)), bug_(bug) {}
  std::string name() const override { return "a planted store"; }
  Result<void> put(const Item& item) override { return inner_->put(item); }
  Result<void> update(const Item& key, const ItemUpdate& u) override {
    return inner_->update(key, u);
  }
  Result<WriteOutcome> update_item(const UpdateItemRequest& r) override {
    return inner_->update_item(r);
  }
  Result<bool> put_if(const Item& item, const std::string& condition,
                      const ExpressionAttributes& attributes) override {
    return inner_->put_if(item, condition, attributes);
  }
  Result<WriteOutcome> delete_item(const DeleteItemRequest& r) override {
    return inner_->delete_item(r);
  }
  Result<TransactWriteOutcome> transact_write(
      const std::vector<TransactWriteAction>& actions) override {
    if (bug_ == Bug::kFirstActionOnly) {
      auto first = inner_->transact_write({actions[0]});
      if (!first || first->cancelled) return inner_->transact_write(actions);
      return TransactWriteOutcome{};  // the others never applied
    }
    std::vector<TransactWriteAction> unconditional = actions;
    for (TransactWriteAction& a : unconditional) {
      if (a.kind == TransactWriteAction::Kind::kConditionCheck) continue;
      a.condition.reset();
      if (!a.update_expression) a.attributes = {};
    }
    return inner_->transact_write(unconditional);
  }
  Result<Page> query(const QueryRequest& r) override { return inner_->query(r); }
  Result<Page> scan(const ScanRequest& r) override { return inner_->scan(r); }

 private:
  std::unique_ptr<Store> inner_;
  Bug bug_;
};

class PlantedSource final : public StoreSource {
 public:
  explicit PlantedSource(PlantedStore::Bug bug) : bug_(bug) {}
  Result<std::unique_ptr<Store>> open(const Design& design) override {
    auto inner = open_in_memory_store(design);
    if (!inner) return inner.error();
    return std::unique_ptr<Store>(std::make_unique<PlantedStore>(std::move(*inner), bug_));
  }

 private:
  PlantedStore::Bug bug_;
};

TEST(TransactionWrite, AStoreThatAppliesHalfATransactionFails) {
  const Design d = ticket_design();
  const Write& w = d.writes[0];
  PlantedSource half(PlantedStore::Bug::kFirstActionOnly);
  const Outcome o =
      transaction_writes(half, d, w, {}, transaction_for(d, w, ticket(d, "A", "x", "a")),
                         transaction_for(d, w, ticket(d, "B", "y", "a")));
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("after the first transaction (committed), the table holds other "
                             "items:\n      missing:    {\"PK\":{\"S\":\"ID#x\"}"),
            std::string::npos)
      << o.message();
}

TEST(TransactionWrite, AStoreThatCommitsAFalseConditionFails) {
  const Design d = ticket_design();
  const Write& w = d.writes[0];
  PlantedSource blind(PlantedStore::Bug::kConditionsIgnored);
  const Outcome o =
      transaction_writes(blind, d, w, {}, transaction_for(d, w, ticket(d, "A", "x", "a")),
                         transaction_for(d, w, ticket(d, "B", "x", "a")));
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("the second transaction is committed where its conditions, read on "
                             "the items it finds, cancel it with the reasons [None, "
                             "ConditionalCheckFailed]"),
            std::string::npos)
      << o.message();
}

}  // namespace
}  // namespace sortkey::design
