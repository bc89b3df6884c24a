#include "support/files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace sortkey::support {
namespace {

Error cannot_write(const std::string& path, int error) {
  return make_error(ErrorCode::kUnavailable, 0,
                    fmt::format("cannot write {}: {}", path, std::strerror(error)));
}

// All of `text` to `fd`; errno when it cannot.
int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

mode_t file_mode(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return st.st_mode & 07777;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

Result<void> write_file_atomically(const std::string& path, std::string_view text) {
  std::vector<char> temp(path.begin(), path.end());
  const char kSuffix[] = ".sortkey-XXXXXX";
  temp.insert(temp.end(), kSuffix, kSuffix + sizeof kSuffix);  // with its NUL
  const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) return cannot_write(path, errno);
  int error = write_all(fd, text);
  if (error == 0 && ::fchmod(fd, file_mode(path)) != 0) error = errno;
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && ::rename(temp.data(), path.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(temp.data());
    return cannot_write(path, error);
  }
  return {};
}

}  // namespace sortkey::support
