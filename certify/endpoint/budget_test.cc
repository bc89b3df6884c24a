#include "certify/endpoint/budget.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "dynamodb/client.h"

namespace sortkey::certify::endpoint {
namespace {

using Clock = RunBudget::Clock;
using std::chrono::milliseconds;

double budget_test_seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

TEST(RunBudget, SharesWhatIsLeftOfExploringEqually) {
  const auto opened = Clock::now();
  const RunBudget budget(60, opened);
  EXPECT_NEAR(budget_test_seconds(budget.explore_end() - opened), 60, 1e-6);
  // Four properties waiting: a quarter of what is left each.
  EXPECT_NEAR(budget_test_seconds(budget.share_end(4) - Clock::now()), 15, 0.5);
  EXPECT_NEAR(budget_test_seconds(budget.share_end(1) - Clock::now()), 60, 0.5);
}

TEST(RunBudget, MinimizingHasAShareOfItsOwnThatMovesExploringsEnd) {
  const auto opened = Clock::now();
  RunBudget budget(50, opened);
  EXPECT_DOUBLE_EQ(budget.minimize_seconds(), 50 * RunBudget::kMinimizeShare);
  EXPECT_NEAR(budget_test_seconds(budget.minimize_until(2) - Clock::now()), 10, 0.5);
  budget.minimized(std::chrono::seconds(5));
  EXPECT_DOUBLE_EQ(budget.minimize_spent(), 5);
  // Exploring keeps its 50 s: its end moves on by the minimizing done.
  EXPECT_NEAR(budget_test_seconds(budget.explore_end() - opened), 55, 1e-6);
  EXPECT_NEAR(budget_test_seconds(budget.minimize_until(1) - Clock::now()), 15, 0.5);
  // A property that found three divergences, two properties still to come:
  // three parts of five.
  EXPECT_NEAR(budget_test_seconds(budget.minimize_until(3, 3) - Clock::now()), 9, 0.5);
  budget.minimized(std::chrono::seconds(20));
  // Spent: minimizing gets nothing more.
  const auto until = budget.minimize_until(1);
  EXPECT_LE(until, Clock::now());
}

TEST(RunBudget, ASpentBudgetGivesNoShare) {
  const RunBudget budget(1, Clock::now() - std::chrono::seconds(5));
  const auto share = budget.share_end(3);
  EXPECT_LE(share, Clock::now());
  EXPECT_NE(budget.line(5.0).find("budget: 1 s for exploring and replaying"), std::string::npos);
  const nlohmann::json j = budget.json(5.0);
  EXPECT_EQ(j["seconds"], 1);
  EXPECT_DOUBLE_EQ(j["minimize_seconds"].get<double>(), 0.4);
}

// The deadline reaches every connection of a client, and a call past it
// throws kOverBudget before sending anything (the endpoint here does not
// exist: a call that were sent would be kUnreachable).
TEST(ClientDeadline, ACallPastTheDeadlineIsOverBudgetOnEveryConnection) {
  dynamodb::EndpointConfig config;
  config.url = "http://127.0.0.1:9";
  config.region = "us-east-1";
  auto client = dynamodb::DynamoDbClient::create(config);
  ASSERT_TRUE(client.has_value());
  auto other = (*client)->another_connection();
  ASSERT_TRUE(other.has_value());
  (*client)->set_deadline(Clock::now() - milliseconds(1));
  for (dynamodb::DynamoDbClient* c : {client->get(), other->get()}) {
    try {
      c->call("DescribeTable", {{"TableName", "t"}});
      ADD_FAILURE() << "no error";
    } catch (const dynamodb::TransportError& e) {
      EXPECT_EQ(e.kind(), dynamodb::TransportError::Kind::kOverBudget) << e.what();
    }
  }
  (*client)->set_deadline(std::nullopt);
  try {
    (*other)->call("DescribeTable", {{"TableName", "t"}});
    ADD_FAILURE() << "no error";
  } catch (const dynamodb::TransportError& e) {
    EXPECT_EQ(e.kind(), dynamodb::TransportError::Kind::kUnreachable) << e.what();
  }
}

}  // namespace
}  // namespace sortkey::certify::endpoint
