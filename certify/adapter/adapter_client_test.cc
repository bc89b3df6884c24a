// The protocol client against small scripted adapters: framing, pipelining,
// and every way an untrusted adapter can go wrong ending in AdapterError with
// a sentence that names it, promptly, never a hang.

#include "certify/adapter/adapter_client.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "properties/props/contract_props.h"

namespace sortkey::certify::adapter {
namespace {

using props::contract::encode_request;
using props::contract::json;

// A Python adapter whose `answer(request)` body is given; the loop answers
// line by line like the reference adapter. Returns the command.
std::string python_adapter(const std::string& name, const std::string& body,
                           const std::string& loop = "") {
  const std::string path =
      ::testing::TempDir() + "sortkey_adapter_" + std::to_string(::getpid()) + "_" + name + ".py";
  std::ofstream out(path);
  out << "import json, os, signal, sys, time\n"
         "HELLO = {'protocol': 1, 'name': 'fake', 'codecs': ['padded']}\n"
         "def answer(r):\n"
      << body << "\n";
  out << (loop.empty() ? "for line in sys.stdin:\n"
                         "    r = json.loads(line)\n"
                         "    a = answer(r)\n"
                         "    if a is not None:\n"
                         "        sys.stdout.write(a + '\\n')\n"
                         "        sys.stdout.flush()\n"
                       : loop);
  return "exec python3 " + path;
}

// Answers hello, then encode of padded as the reference would, by default.
const std::string kGood =
    "    if r['op'] == 'hello': return json.dumps({'id': r['id'], 'ok': HELLO})\n"
    "    return json.dumps({'id': r['id'], 'ok': r['value'].zfill(r['params']['width'])})\n";

ClientOptions fast(int timeout_ms = 2000) {
  ClientOptions o;
  o.timeout = std::chrono::milliseconds(timeout_ms);
  return o;
}

json enc(const std::string& v) { return encode_request("padded", {{"width", 5}}, v); }

// Runs `f`, expecting AdapterError whose text holds `want`; returns the seconds it took.
template <class F>
double expect_error(F&& f, const std::string& want) {
  const auto start = std::chrono::steady_clock::now();
  try {
    f();
    ADD_FAILURE() << "no AdapterError; wanted one saying " << want;
  } catch (const AdapterError& e) {
    EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(AdapterClient, HelloAndAnswersWithTheExactLines) {
  auto c = AdapterClient::start(python_adapter("good", kGood), fast());
  EXPECT_EQ(c->hello().name, "fake");
  EXPECT_EQ(c->hello().codecs, std::vector<std::string>{"padded"});
  const auto r = c->call({enc("157"), enc("3")});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].ok, "00157");
  EXPECT_EQ(r[1].ok, "00003");
  EXPECT_EQ(r[0].request,
            R"({"id":1,"op":"encode","codec":"padded","params":{"width":5},"value":"157"})");
  EXPECT_EQ(r[1].response,
            R"({"id": 2, "ok": "00003"})");  // as the adapter wrote it, spaces and all
  EXPECT_FALSE(c->failure());
}

TEST(AdapterClient, AnswersSplitAcrossWritesAreReassembled) {
  const std::string loop =
      "for line in sys.stdin:\n"
      "    a = answer(json.loads(line)) + '\\r\\n'\n"
      "    for i in range(0, len(a), 7):\n"
      "        sys.stdout.write(a[i:i + 7]); sys.stdout.flush(); time.sleep(0.002)\n";
  auto c = AdapterClient::start(python_adapter("split", kGood, loop), fast());
  EXPECT_EQ(c->call_one(enc("42")).ok, "00042");
  EXPECT_EQ(c->call_one(enc("12345")).ok, "12345");
}

TEST(AdapterClient, LargePipelinedBatchesDoNotDeadlock) {
  // The adapter reads everything before it answers anything: both pipes fill.
  const std::string loop =
      "lines = []\n"
      "for line in sys.stdin:\n"
      "    r = json.loads(line)\n"
      "    if r['op'] == 'hello': print(answer(r), flush=True); continue\n"
      "    lines.append(answer(r))\n"
      "    if len(lines) == 5000: sys.stdout.write('\\n'.join(lines) + '\\n'); sys.stdout.flush(); "
      "lines = []\n";
  auto c = AdapterClient::start(python_adapter("batch", kGood, loop), fast(10000));
  std::vector<json> requests;
  for (int i = 0; i < 5000; ++i) requests.push_back(enc(std::to_string(i % 100000)));
  const auto r = c->call(requests);
  ASSERT_EQ(r.size(), 5000u);
  EXPECT_EQ(r[4999].ok, "04999");
}

TEST(AdapterClient, RefusalsAreReplies) {
  auto c = AdapterClient::start(
      python_adapter("refuse",
                     "    if r['op'] == 'hello': return json.dumps({'id': r['id'], 'ok': HELLO})\n"
                     "    return json.dumps({'id': r['id'], 'error': 'too wide'})\n"),
      fast());
  const auto r = c->call_one(enc("100000"));
  EXPECT_TRUE(r.refused);
  EXPECT_EQ(r.error, "too wide");
}

TEST(AdapterClient, WrongIdIsFatalAndSticks) {
  auto c = AdapterClient::start(
      python_adapter("wrong_id",
                     "    if r['op'] == 'hello': return json.dumps({'id': 0, 'ok': HELLO})\n"
                     "    return json.dumps({'id': r['id'] + 1, 'ok': '00001'})\n"),
      fast());
  expect_error([&] { c->call_one(enc("1")); },
               "answered with the wrong id: 2 where the answer to request 1 was due");
  ASSERT_TRUE(c->failure());
  // Later calls fail at once with the same sentence (no new request, no wait).
  const double seconds = expect_error([&] { c->call_one(enc("2")); }, "wrong id");
  EXPECT_LT(seconds, 0.1);
}

TEST(AdapterClient, OutOfOrderAnswersAreNamed) {
  const std::string loop =
      "pending = b''\n"
      "while True:\n"
      "    chunk = os.read(0, 65536)\n"
      "    if not chunk: break\n"
      "    pending += chunk\n"
      "    *lines, pending = pending.split(b'\\n')\n"
      "    for line in reversed(lines):\n"
      "        os.write(1, (answer(json.loads(line)) + '\\n').encode())\n";
  auto c = AdapterClient::start(python_adapter("reorder", kGood, loop), fast());
  expect_error(
      [&] {
        c->call({enc("1"), enc("2"), enc("3")});
      },
      "answered out of order: the answer to request 3 came where");
}

TEST(AdapterClient, HangIsATimeoutNotAHang) {
  auto c = AdapterClient::start(
      python_adapter("hang",
                     "    if r['op'] == 'hello': return json.dumps({'id': 0, 'ok': HELLO})\n"
                     "    time.sleep(600)\n"),
      fast(300));
  const double seconds =
      expect_error([&] { c->call_one(enc("1")); },
                   "the adapter timed out: no answer to request 1 within 300 ms");
  EXPECT_LT(seconds, 3.0);
}

TEST(AdapterClient, SilentStartIsATimeoutToo) {
  ClientOptions o = fast(100);
  o.startup_timeout = std::chrono::milliseconds(200);
  const double seconds =
      expect_error([&] { AdapterClient::start("exec sleep 600", o); },
                   "the adapter timed out: no answer to request 0 within 200 ms (its start)");
  EXPECT_LT(seconds, 3.0);
}

TEST(AdapterClient, ExitBeforeAnswering) {
  auto c = AdapterClient::start(
      python_adapter("exit",
                     "    if r['op'] == 'hello': return json.dumps({'id': 0, 'ok': HELLO})\n"
                     "    sys.exit(3)\n"),
      fast());
  expect_error([&] { c->call_one(enc("1")); },
               "the adapter exited with status 3 before answering request 1");
}

TEST(AdapterClient, CrashIsNamedBySignal) {
  auto c = AdapterClient::start(
      python_adapter("crash",
                     "    if r['op'] == 'hello': return json.dumps({'id': 0, 'ok': HELLO})\n"
                     "    os.kill(os.getpid(), signal.SIGSEGV)\n"),
      fast());
  expect_error([&] { c->call_one(enc("1")); }, "was killed by signal 11");
}

TEST(AdapterClient, GarbageLine) {
  auto c = AdapterClient::start(
      python_adapter("garbage",
                     "    if r['op'] == 'hello': return json.dumps({'id': 0, 'ok': HELLO})\n"
                     "    return 'encoding ' + r['value']\n"),
      fast());
  expect_error([&] { c->call_one(enc("1")); },
               "the adapter answered request 1 with a line that is not JSON");
}

TEST(AdapterClient, NotAnObjectAndBadEnvelopes) {
  const std::pair<std::string, std::string> cases[] = {
      {"    return '[1, 2]'\n", "with a JSON array, not an object"},
      {"    return json.dumps({'ok': 1})\n", "without an integer \"id\""},
      {"    return json.dumps({'id': r['id']})\n", "has neither of \"ok\" and \"error\""},
      {"    return json.dumps({'id': r['id'], 'ok': 1, 'error': 'x'})\n",
       "has both of \"ok\" and \"error\""},
      {"    return json.dumps({'id': r['id'], 'error': 7})\n",
       "\"error\" for request 1 is not a string"},
  };
  int n = 0;
  for (const auto& [body, want] : cases) {
    auto c = AdapterClient::start(
        python_adapter(
            "envelope" + std::to_string(n++),
            "    if r['op'] == 'hello': return json.dumps({'id': 0, 'ok': HELLO})\n" + body),
        fast());
    expect_error([&] { c->call_one(enc("1")); }, want);
  }
}

// Mid-batch: the adapter answers part of a pipelined batch, then goes wrong. The error
// names the first request left without its answer (or the one answered wrongly), with its
// line, and comes at once: the client does not wait for the rest of the batch.
std::string answers_then(const std::string& after_two) {
  return "    if r['op'] == 'hello': return json.dumps({'id': 0, 'ok': HELLO})\n"
         "    if r['id'] <= 2: return json.dumps({'id': r['id'], 'ok': r['value'].zfill(5)})\n" +
         after_two;
}

std::vector<json> batch_of(int n) {
  std::vector<json> requests;
  for (int i = 1; i <= n; ++i) requests.push_back(enc(std::to_string(i)));
  return requests;
}

TEST(AdapterClient, ExitMidBatchNamesTheFirstUnansweredRequest) {
  auto c =
      AdapterClient::start(python_adapter("exit_mid", answers_then("    sys.exit(3)\n")), fast());
  expect_error([&] { c->call(batch_of(8)); },
               "the adapter exited with status 3 before answering request 3\n"
               "  request:  {\"id\":3,\"op\":\"encode\"");
}

TEST(AdapterClient, HangMidBatchIsATimeoutOnTheFirstUnansweredRequest) {
  auto c = AdapterClient::start(python_adapter("hang_mid", answers_then("    time.sleep(600)\n")),
                                fast(300));
  const double seconds = expect_error(
      [&] { c->call(batch_of(8)); }, "the adapter timed out: no answer to request 3 within 300 ms");
  EXPECT_LT(seconds, 3.0);
}

TEST(AdapterClient, DuplicateSkippedAndGarbledAnswersMidBatch) {
  const std::pair<std::string, std::string> cases[] = {
      {"    return json.dumps({'id': 2, 'ok': '00003'})\n",
       "answered with the wrong id: 2 where the answer to request 3 was due"},
      {"    return json.dumps({'id': r['id'] + 1, 'ok': '00004'})\n",
       "answered out of order: the answer to request 4 came where the answer to request 3 was due"},
      {"    return 'garbage'\n", "the adapter answered request 3 with a line that is not JSON"},
  };
  int n = 0;
  for (const auto& [body, want] : cases) {
    auto c = AdapterClient::start(
        python_adapter("mid_batch" + std::to_string(n++), answers_then(body)), fast());
    expect_error([&] { c->call(batch_of(8)); }, want);
    EXPECT_TRUE(c->failure());
  }
}

TEST(AdapterClient, HugeLineEndsTheExchange) {
  ClientOptions o = fast();
  o.max_line = 1000;
  auto c = AdapterClient::start(
      python_adapter("huge",
                     "    if r['op'] == 'hello': return json.dumps({'id': 0, 'ok': HELLO})\n"
                     "    return json.dumps({'id': r['id'], 'error': 'x' * 5000})\n"),
      o);
  expect_error([&] { c->call_one(enc("1")); }, "the adapter's answer to request 1 is too long");
}

TEST(AdapterClient, BrokenHellos) {
  const std::pair<std::string, std::string> cases[] = {
      {"{'protocol': 1, 'name': 'x'}", "lacks \"codecs\""},
      {"{'protocol': 1, 'codecs': ['padded']}", "lacks \"name\""},
      {"{'name': 'x', 'codecs': []}", "lacks \"protocol\""},
      {"{'protocol': 2, 'name': 'x', 'codecs': []}",
       "speaks protocol 2; this certifier speaks protocol 1"},
      {"{'protocol': 1, 'name': 'x', 'codecs': 'padded'}", "lacks \"codecs\""},
  };
  int n = 0;
  for (const auto& [hello, want] : cases) {
    const std::string body = "    return json.dumps({'id': 0, 'ok': " + hello + "})\n";
    expect_error(
        [&] { AdapterClient::start(python_adapter("hello" + std::to_string(n++), body), fast()); },
        want);
  }
  expect_error(
      [&] {
        AdapterClient::start(
            python_adapter("hello_refused", "    return json.dumps({'id': 0, 'error': 'no'})\n"),
            fast());
      },
      "hello answer is a refusal");
  expect_error([&] { AdapterClient::start("exec /nonexistent/adapter", fast()); },
               "the adapter exited with status 127 before answering request 0");
}

TEST(AdapterClient, UnknownCodecsAreSetAside) {
  auto c = AdapterClient::start(
      python_adapter("unknown",
                     "    return json.dumps({'id': 0, 'ok': {'protocol': 1, 'name': 'x', "
                     "'codecs': ['ulid', 'uuid7', 'padded', 'padded']}})\n"),
      fast());
  EXPECT_EQ(c->hello().codecs, (std::vector<std::string>{"padded", "ulid"}));
  EXPECT_EQ(c->hello().unknown, std::vector<std::string>{"uuid7"});
}

TEST(AdapterProcess, StopKillsTheWholeProcessGroup) {
  const std::string pid_file =
      ::testing::TempDir() + "sortkey_adapter_grandchild_" + std::to_string(::getpid()) + ".pid";
  std::string problem;
  auto p = AdapterProcess::start("sleep 300 & echo $! > " + pid_file + "; sleep 300", &problem);
  ASSERT_TRUE(p) << problem;
  // The pid, once its line is complete (the shell may be caught mid-write).
  pid_t grandchild = 0;
  for (int i = 0; i < 500 && grandchild == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::ifstream in(pid_file);
    std::string line;
    if (std::getline(in, line) && !in.eof()) grandchild = static_cast<pid_t>(std::stol(line));
  }
  ASSERT_GT(grandchild, 0);
  EXPECT_EQ(::kill(grandchild, 0), 0);
  const auto start = std::chrono::steady_clock::now();
  const std::string how = p->stop(std::chrono::milliseconds(100));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
  EXPECT_NE(how.find("killed by signal 9"), std::string::npos) << how;
  // Gone, or a zombie waiting for a reaper that is not ours (in containers, pid 1 may never reap
  // it).
  const auto dead = [](pid_t pid) {
    if (::kill(pid, 0) != 0) return true;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string pid_text, comm, state;
    stat >> pid_text >> comm >> state;
    return state == "Z";
  };
  bool gone = false;
  for (int i = 0; i < 500 && !gone; ++i) {
    gone = dead(grandchild);
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(gone) << "the adapter's child " << grandchild << " outlived it";
}

}  // namespace
}  // namespace sortkey::certify::adapter
