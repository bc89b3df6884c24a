#include "sortkey/id_source.h"

#include <fmt/format.h>
#include <sys/random.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace sortkey {

std::int64_t system_clock_millis() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Result<void> os_random_bytes(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    // Requests of up to 256 bytes are never cut short once the pool is
    // seeded; larger ones may be, and a signal may interrupt any: loop.
    const ssize_t n = ::getrandom(out.data() + done, out.size() - done, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      return make_error(ErrorCode::kUnavailable, 0,
                        fmt::format("getrandom(2) failed: {}", std::strerror(errno)));
    }
    done += static_cast<std::size_t>(n);
  }
  return {};
}

}  // namespace sortkey
