#include "certify/endpoint/connections.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

namespace sortkey::certify::endpoint {
namespace {

// Lanes whose clients point nowhere: the bodies below send nothing.
struct Lanes {
  explicit Lanes(int n) {
    dynamodb::EndpointConfig config;
    config.url = "http://127.0.0.1:9";
    config.region = "us-east-1";
    auto first = dynamodb::DynamoDbClient::create(config);
    EXPECT_TRUE(first.has_value());
    for (int i = 0; i < n; ++i) {
      auto client = i == 0 ? std::move(first) : lanes[0]->client().another_connection();
      EXPECT_TRUE(client.has_value());
      lanes.push_back(
          std::make_unique<Lane>(std::move(*client), "test", false, WorkloadOptions{}, known));
      raw.push_back(lanes.back().get());
    }
  }
  KnownDivergences known;
  std::vector<std::unique_ptr<Lane>> lanes;
  std::vector<Lane*> raw;
};

CaseLog log_of(int i) {
  CaseLog log;
  log.property = "p";
  log.tags = {std::to_string(i)};
  return log;
}

// Cases that end out of order are handed back in the order submitted, at most
// as many run at once as there are lanes, and each on one lane.
TEST(CasePool, HandsBackTheLogsInTheOrderSubmitted) {
  Lanes lanes(4);
  std::atomic<int> running{0}, most{0};
  std::mutex mutex;
  std::set<Lane*> used;
  std::vector<CaseLog> logs;
  {
    CasePool pool(lanes.raw);
    for (int i = 0; i < 40; ++i) {
      pool.submit(log_of(i), [&, i](Lane& lane) {
        const int now = ++running;
        for (int m = most.load(); now > m && !most.compare_exchange_weak(m, now);) {
        }
        {
          std::lock_guard lock(mutex);
          used.insert(&lane);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds((i * 7) % 11));
        --running;
        throw std::runtime_error("case " + std::to_string(i));
      });
      for (CaseLog& l : pool.take_done()) logs.push_back(std::move(l));
    }
    pool.wait_all();
    for (CaseLog& l : pool.take_done()) logs.push_back(std::move(l));
  }
  ASSERT_EQ(logs.size(), 40u);
  for (int i = 0; i < 40; ++i) {
    EXPECT_EQ(logs[i].tags, std::vector<std::string>{std::to_string(i)});
    ASSERT_TRUE(logs[i].fatal.has_value());
    EXPECT_EQ(*logs[i].fatal, "the case could not be run (during p): case " + std::to_string(i));
    EXPECT_FALSE(logs[i].interrupted);
  }
  EXPECT_LE(most.load(), 4);
  EXPECT_GE(most.load(), 2);  // they did overlap
  EXPECT_EQ(used.size(), 4u);
}

// One lane: each case runs at once, on the caller's thread.
TEST(CasePool, OneLaneRunsEachCaseAtOnce) {
  Lanes lanes(1);
  CasePool pool(lanes.raw);
  const auto caller = std::this_thread::get_id();
  for (int i = 0; i < 3; ++i) {
    bool ran = false;
    pool.submit(log_of(i), [&](Lane&) {
      EXPECT_EQ(std::this_thread::get_id(), caller);
      ran = true;
    });
    EXPECT_TRUE(ran);
    const std::vector<CaseLog> done = pool.take_done();
    ASSERT_EQ(done.size(), 1u);
    EXPECT_FALSE(done[0].fatal.has_value());
    EXPECT_EQ(done[0].tags, std::vector<std::string>{std::to_string(i)});
  }
}

// A transport error is the run's end, an interrupt says so.
TEST(CasePool, ATransportErrorIsKeptWithItsKind) {
  Lanes lanes(2);
  CasePool pool(lanes.raw);
  pool.submit(log_of(0), [](Lane&) {
    throw dynamodb::TransportError(dynamodb::TransportError::Kind::kUnreachable, "cannot reach it");
  });
  pool.submit(log_of(1), [](Lane&) {
    throw dynamodb::TransportError(dynamodb::TransportError::Kind::kInterrupted, "interrupted");
  });
  pool.wait_all();
  const std::vector<CaseLog> done = pool.take_done();
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(*done[0].fatal, "cannot reach it (during p)");
  EXPECT_FALSE(done[0].interrupted);
  EXPECT_TRUE(done[1].interrupted);
}

// The connections of one client share its rate limiter.
TEST(DynamoDbClient, AnotherConnectionSharesTheRateLimiter) {
  Lanes lanes(2);
  EXPECT_EQ(&lanes.lanes[0]->client().limiter(), &lanes.lanes[1]->client().limiter());
  EXPECT_NE(&lanes.lanes[0]->client(), &lanes.lanes[1]->client());
}

}  // namespace
}  // namespace sortkey::certify::endpoint
