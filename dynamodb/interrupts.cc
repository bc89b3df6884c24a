#include "dynamodb/interrupts.h"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>

#include "dynamodb/client.h"
#include "support/subprocess.h"

namespace sortkey::dynamodb {
namespace {

constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction g_old[3];
bool g_installed = false;

// The lines and their lengths, measured when installed: the handler only
// calls write(2), clock_gettime(2), kill(2) and _exit(2).
const char* g_first_line = "";
std::size_t g_first_size = 0;
const char* g_second_line = "";
std::size_t g_second_size = 0;
// When the first signal came (CLOCK_MONOTONIC, in ms); 0: none yet.
volatile sig_atomic_t g_first_ms = 0;

void say(const char* line, std::size_t size) {
  [[maybe_unused]] const auto w = write(STDERR_FILENO, line, size);
}

long now_ms() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<long>(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

void on_signal(int sig) {
  if (interrupt_signal().load() == 0) interrupt_signal().store(sig);
  if (interrupt_count().load() == 0) {
    g_first_ms = static_cast<sig_atomic_t>(now_ms() & 0x3fffffff);
    interrupt_count().store(1);
    say(g_first_line, g_first_size);
    return;
  }
  // A second press of Ctrl-C that follows the first at once is the same
  // request: the cleanup the first started goes on.
  const long since = (now_ms() & 0x3fffffff) - static_cast<long>(g_first_ms);
  if (since >= 0 && since < kSameInterruptMs) return;
  interrupt_count().fetch_add(1);
  say(g_second_line, g_second_size);
  support::kill_child_groups();
  _exit(2);
}

}  // namespace

void install_interrupt_handlers(const char* first_line, const char* second_line) {
  g_first_line = first_line;
  g_first_size = std::strlen(first_line);
  g_second_line = second_line;
  g_second_size = std::strlen(second_line);
  g_first_ms = 0;
  interrupt_count().store(0);
  interrupt_signal().store(0);
  if (g_installed) return;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &sa, &g_old[i]);
  g_installed = true;
}

void restore_interrupt_handlers() {
  if (!g_installed) return;
  for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &g_old[i], nullptr);
  g_installed = false;
}

}  // namespace sortkey::dynamodb
