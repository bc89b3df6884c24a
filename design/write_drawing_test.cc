#include "design/write_drawing.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "design/html_page.h"
#include "design/load.h"
#include "design/tests/test_values.h"
#include "src/testing/source_dir.h"

namespace sortkey::design {
namespace {

using testing::text_value;

Design writes_example(const std::string& name) {
  std::ifstream in(sortkey::testing::source_path("examples/" + name));
  std::stringstream text;
  text << in.rdbuf();
  auto d = load_design_text(text.str(), name);
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return *d;
}

// "enters:ByUpdate" for each index an action changes, in order.
std::vector<std::string> moves_of(const WriteAction& a) {
  std::vector<std::string> out;
  for (const IndexEffect& e : a.indexes) {
    out.push_back(std::string(move_word(e.move)) + ":" + e.index);
  }
  return out;
}

const WriteDrawing& drawn_write(const std::vector<WriteDrawing>& writes, const std::string& name) {
  for (const WriteDrawing& w : writes) {
    if (w.write->name == name) return w;
  }
  ADD_FAILURE() << "no write " << name;
  return writes.front();
}

// A ticket of the sample: org A, status OPEN.
Population one_ticket(const Design& d) {
  const EntityType& ticket = *d.entity("Ticket");
  Entity e{&ticket, {}};
  for (const AttributeSpec& a : ticket.attributes) {
    Value v;
    v.type = a.type;
    if (a.name == "org") v = text_value("A");
    if (a.name == "ticket_id") v.text = "0ujsszwN8NRY24YaXiTIE2VWDTS";
    if (a.name == "status") v.text = "OPEN";
    e.values.push_back(v);
  }
  return {e};
}

TEST(DrawWrites, EachTicketWriteItsActionsKeysAndIndexMoves) {
  const Design d = writes_example("tickets.yaml");
  const std::vector<WriteDrawing> writes = draw_writes(d, {});
  ASSERT_EQ(writes.size(), 3u);

  const WriteDrawing& create = drawn_write(writes, "create_ticket");
  EXPECT_EQ(kind_text(*create.write), "transaction");
  ASSERT_EQ(create.actions.size(), 2u);
  const WriteAction& ticket = create.actions[0];
  EXPECT_EQ(ticket.kind, TransactionAction::Kind::kPut);
  EXPECT_EQ(ticket.entity->name, "Ticket");
  EXPECT_EQ(ticket.condition, "attribute_not_exists(PK)");
  ASSERT_EQ(ticket.key.size(), 2u);
  EXPECT_EQ(ticket.key[1].source, "TICKET#{ticket_id}");
  EXPECT_EQ(ticket.writes.size(), 3u);  // GSI1PK, GSI1SK, LSI1SK
  EXPECT_EQ(moves_of(ticket), (std::vector<std::string>{"enters:ByUpdate", "enters:ByStatus"}));
  EXPECT_FALSE(ticket.indexes[0].local);
  EXPECT_TRUE(ticket.indexes[1].local);
  const WriteAction& lookup = create.actions[1];
  EXPECT_EQ(lookup.entity->name, "TicketById");
  EXPECT_TRUE(lookup.indexes.empty());  // it carries no index key
  EXPECT_EQ(lookup.refers_to, "Ticket");
  ASSERT_EQ(lookup.refers.size(), 2u);
  EXPECT_EQ(lookup.refers[1].attribute, "TicketSK");
  EXPECT_EQ(lookup.refers[1].source, "TICKET#{ticket_id}");

  // The edit rewrites GSI1SK: the ticket moves within ByUpdate, and its
  // place in ByStatus (LSI1SK, of status) stays.
  const WriteDrawing& edit = drawn_write(writes, "edit_ticket");
  EXPECT_EQ(kind_text(*edit.write), "conditional update");
  ASSERT_EQ(edit.actions.size(), 1u);
  ASSERT_NE(edit.actions[0].update, nullptr);
  EXPECT_EQ(edit.actions[0].update->set, (std::vector<std::string>{"updated_at"}));
  EXPECT_EQ(edit.actions[0].condition, "attribute_exists(PK)");
  EXPECT_EQ(moves_of(edit.actions[0]), (std::vector<std::string>{"moves:ByUpdate"}));
  EXPECT_EQ(edit.actions[0].indexes[0].written, (std::vector<std::string>{"GSI1SK"}));

  const WriteDrawing& del = drawn_write(writes, "delete_ticket");
  ASSERT_EQ(del.actions.size(), 2u);
  EXPECT_EQ(moves_of(del.actions[0]),
            (std::vector<std::string>{"leaves:ByUpdate", "leaves:ByStatus"}));
  EXPECT_TRUE(del.actions[1].indexes.empty());
}

TEST(DrawWrites, AnUpdateThatDoesNotRewriteADerivedKeyLeavesItStale) {
  const Design d = writes_example("broken/tickets_edit_leaves_index_stale.yaml");
  const std::vector<WriteDrawing> writes = draw_writes(d, {});
  const WriteDrawing& edit = drawn_write(writes, "edit_ticket");
  ASSERT_EQ(edit.actions.size(), 1u);
  ASSERT_EQ(moves_of(edit.actions[0]), (std::vector<std::string>{"stale:ByUpdate"}));
  const IndexEffect& stale = edit.actions[0].indexes[0];
  EXPECT_EQ(stale.written, (std::vector<std::string>{"GSI1SK"}));
  EXPECT_EQ(stale.from, (std::vector<std::string>{"updated_at"}));
}

TEST(DrawWrites, TheExamplesAreTheItemsWrittenForTheSamplesSubject) {
  const Design d = writes_example("tickets.yaml");
  const std::vector<WriteDrawing> writes = draw_writes(d, one_ticket(d));
  const WriteDrawing& create = drawn_write(writes, "create_ticket");
  ASSERT_TRUE(create.subject.has_value());
  ASSERT_TRUE(create.actions[0].example.has_value());
  EXPECT_EQ(create.actions[0].example->at("SK").as_string(), "TICKET#0ujsszwN8NRY24YaXiTIE2VWDTS");
  EXPECT_EQ(create.actions[0].example->at("LSI1SK").as_string(),
            "OPEN#0ujsszwN8NRY24YaXiTIE2VWDTS");
  EXPECT_EQ(create.actions[0].example->count("org"), 0u);  // key attributes only
  // The lookup item holds the ticket's key as its `refers` make it.
  ASSERT_EQ(create.actions[1].example_refers.size(), 2u);
  EXPECT_EQ(create.actions[1].example_refers[1].attribute, "TicketSK");
  EXPECT_EQ(create.actions[1].example_refers[1].source, "TICKET#0ujsszwN8NRY24YaXiTIE2VWDTS");
  EXPECT_TRUE(create.actions[0].example_refers.empty());
  ASSERT_TRUE(create.actions[1].example.has_value());
  EXPECT_EQ(create.actions[1].example->at("PK").as_string(),
            "TICKETID#0ujsszwN8NRY24YaXiTIE2VWDTS");
  // Without an entity of the subject's type, no example.
  const std::vector<WriteDrawing> none = draw_writes(d, {});
  EXPECT_FALSE(drawn_write(none, "create_ticket").actions[0].example.has_value());
}

// A sparse index: a put enters it, and an update that rewrites its keys
// enters, leaves or moves, as the keys' `when` decides.
TEST(DrawWrites, ASparseIndexIsEnteredAsItsWhenDecides) {
  std::ifstream in(sortkey::testing::source_path("examples/sparse.yaml"));
  std::stringstream text;
  text << in.rdbuf()
       << "writes:\n"
          "  add_user: {put: User, condition: unique}\n"
          "  promote: {update: User.set_admin, condition: exists}\n"
          "  add_order: {put: Order, condition: unique}\n";
  auto d = load_design_text(text.str(), "sparse_writes.yaml");
  ASSERT_TRUE(d) << d.error().message;
  const std::vector<WriteDrawing> writes = draw_writes(*d, {});
  const WriteAction& add = drawn_write(writes, "add_user").actions[0];
  ASSERT_EQ(moves_of(add), (std::vector<std::string>{"enters:AdminIndex"}));
  EXPECT_EQ(add.indexes[0].when, (std::vector<std::string>{"admin"}));
  const WriteAction& promote = drawn_write(writes, "promote").actions[0];
  ASSERT_EQ(moves_of(promote), (std::vector<std::string>{"enters-or-leaves:AdminIndex"}));
  EXPECT_EQ(promote.indexes[0].written, (std::vector<std::string>{"GSI1PK", "GSI1SK"}));
  // An Order carries no index key: it enters none.
  EXPECT_TRUE(drawn_write(writes, "add_order").actions[0].indexes.empty());
}

std::string writes_page(const Design& d,
                        const std::vector<std::pair<std::string, std::string>>& results,
                        const std::vector<PageFailure>& failures) {
  DesignPage page;
  page.design = &d;
  page.verdict = "a verdict";
  page.results = results;
  page.failures = failures;
  page.population = one_ticket(d);
  page.writes = draw_writes(d, page.population);
  return render_page(page);
}

// The panel of a write, from its <section> to the next one.
std::string panel_of(const std::string& html, const std::string& write) {
  const auto at = html.find(R"(<section class="panel write)");
  const auto start = html.find("data-write=\"" + write + "\"", at);
  if (start == std::string::npos) return "";
  return html.substr(start, html.find("</section>", start) - start);
}

TEST(RenderPage, EachWriteIsDrawnWithItsActionsMovesAndVerdictInWords) {
  const Design d = writes_example("tickets.yaml");
  const std::string html = writes_page(d,
                                       {{"write/create_ticket", "passed"},
                                        {"write/edit_ticket", "passed"},
                                        {"update/Ticket.edit", "passed"}},
                                       {});
  const std::string create = panel_of(html, "create_ticket");
  EXPECT_NE(create.find(R"(data-kind="transaction" data-verdict="proven")"), std::string::npos);
  EXPECT_NE(create.find("write/create_ticket: proven"), std::string::npos);
  EXPECT_NE(create.find(R"(data-action="Put" data-entity="Ticket")"), std::string::npos);
  EXPECT_NE(create.find(R"(data-moves="enters:ByUpdate enters:ByStatus")"), std::string::npos);
  EXPECT_NE(create.find("&#8594; enters GSI ByUpdate"), std::string::npos);
  EXPECT_NE(create.find("&#8594; enters LSI ByStatus"), std::string::npos);
  EXPECT_NE(create.find("<div>TicketSK = TICKET#{ticket_id}</div>"), std::string::npos);
  EXPECT_NE(create.find("<code>attribute_not_exists(PK)</code>"), std::string::npos);
  // The items it writes for the sample's ticket, the lookup item's key from its id.
  EXPECT_NE(create.find("for the sample: writes <code>PK = ORG#A \u00b7 SK = "
                        "TICKET#0ujsszwN8NRY24YaXiTIE2VWDTS \u00b7 "),
            std::string::npos);
  EXPECT_NE(create.find("for the sample: writes <code>PK = TICKETID#0ujsszwN8NRY24YaXiTIE2VWDTS"),
            std::string::npos);
  EXPECT_NE(create.find(", holding the key of its Ticket: <code>TicketPK = ORG#A \u00b7 TicketSK = "
                        "TICKET#0ujsszwN8NRY24YaXiTIE2VWDTS</code>"),
            std::string::npos);

  const std::string edit = panel_of(html, "edit_ticket");
  EXPECT_NE(edit.find(R"(data-verdict="proven")"), std::string::npos);
  EXPECT_NE(edit.find("update/Ticket.edit: proven"), std::string::npos);
  EXPECT_NE(edit.find("<b>SET</b> <code>updated_at</code>"), std::string::npos);
  EXPECT_NE(edit.find("&#8597; moves within GSI ByUpdate (rewrites GSI1SK)"), std::string::npos);
  EXPECT_NE(edit.find("for the sample: updates the item at <code>PK = ORG#A \u00b7 SK = "
                      "TICKET#0ujsszwN8NRY24YaXiTIE2VWDTS</code>"),
            std::string::npos);

  // A write whose proof did not run says so, and is not called proven.
  const std::string del = panel_of(html, "delete_ticket");
  EXPECT_NE(del.find(R"(data-verdict="unchecked")"), std::string::npos);
  EXPECT_NE(del.find("write/delete_ticket: not checked in this run"), std::string::npos);
}

TEST(RenderPage, AFailingWriteShowsItsFailureAndCounterexampleInWords) {
  const Design d = writes_example("tickets.yaml");
  PageFailure f;
  f.property = "write/create_ticket";
  f.message =
      "the write create_ticket: the TicketById item refers to its Ticket by TicketSK = "
      "<1>\n  subject: Ticket{org=\"A\"}\n  TransactWriteItems:\n      0: Put Ticket {}";
  const std::string html =
      writes_page(d, {{"write/create_ticket", "FAILED"}, {"write/edit_ticket", "passed"}}, {f});
  const std::string create = panel_of(html, "create_ticket");
  EXPECT_NE(html.find(R"(<section class="panel write failing" data-write="create_ticket")"),
            std::string::npos);
  EXPECT_NE(create.find(R"(data-verdict="failing")"), std::string::npos);
  EXPECT_NE(create.find("write/create_ticket: FAILED"), std::string::npos);
  EXPECT_NE(create.find("FAILED write/create_ticket: the write create_ticket: the TicketById item "
                        "refers to its Ticket by TicketSK = &lt;1&gt;"),
            std::string::npos);
  EXPECT_NE(create.find("<li>subject: Ticket{org=&quot;A&quot;}</li>"), std::string::npos);
  EXPECT_EQ(create.find("TransactWriteItems:"), std::string::npos);  // the summary only
  EXPECT_EQ(panel_of(html, "edit_ticket").find("failing"), std::string::npos);
}

}  // namespace
}  // namespace sortkey::design
