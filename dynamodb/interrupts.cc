#include "dynamodb/interrupts.h"

#include <signal.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>

#include "dynamodb/client.h"

namespace sortkey::dynamodb {
namespace {

struct sigaction g_old_int;
struct sigaction g_old_term;
bool g_installed = false;
// The lines and their lengths, measured when installed: the handler only
// calls write(2).
const char* g_first_line = "";
std::size_t g_first_size = 0;
const char* g_second_line = "";
std::size_t g_second_size = 0;

void say(const char* line, std::size_t size) {
  [[maybe_unused]] const auto w = write(STDERR_FILENO, line, size);
}

void on_signal(int sig) {
  if (interrupt_signal().load() == 0) interrupt_signal().store(sig);
  if (interrupt_count().fetch_add(1) == 0) {
    say(g_first_line, g_first_size);
  } else {
    say(g_second_line, g_second_size);
    _exit(2);
  }
}

}  // namespace

void install_interrupt_handlers(const char* first_line, const char* second_line) {
  g_first_line = first_line;
  g_first_size = std::strlen(first_line);
  g_second_line = second_line;
  g_second_size = std::strlen(second_line);
  interrupt_count().store(0);
  interrupt_signal().store(0);
  if (g_installed) return;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
  g_installed = true;
}

void restore_interrupt_handlers() {
  if (!g_installed) return;
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
  g_installed = false;
}

}  // namespace sortkey::dynamodb
