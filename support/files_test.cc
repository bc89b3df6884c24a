// write_file_atomically: a file written whole or left as it was.

#include "support/files.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sortkey::support {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct ScratchDir {
  fs::path path;
  ScratchDir() {
    char name[] = "/tmp/sortkey-files-XXXXXX";
    path = ::mkdtemp(name);
  }
  ~ScratchDir() { fs::remove_all(path); }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), {}));
  }
};

TEST(WriteFileAtomically, WritesANewFileAndReplacesAnOldOne) {
  ScratchDir dir;
  const std::string file = (dir.path / "cert.json").string();
  ASSERT_TRUE(write_file_atomically(file, "first\n"));
  EXPECT_EQ(read(file), "first\n");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_TRUE(write_file_atomically(file, "second, longer\n"));
  EXPECT_EQ(read(file), "second, longer\n");
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(dir.entries(), 1u);  // no temporary file left
}

// A write that cannot finish (here the file size limit, as a full disk would)
// leaves the old file whole and no temporary file behind.
TEST(WriteFileAtomically, AFailedWriteLeavesTheOldFileWhole) {
  ScratchDir dir;
  const std::string file = (dir.path / "known.json").string();
  ASSERT_TRUE(write_file_atomically(file, "hand-written reasons\n"));
  ::signal(SIGXFSZ, SIG_IGN);
  rlimit old{};
  ::getrlimit(RLIMIT_FSIZE, &old);
  rlimit small = old;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const auto failed = write_file_atomically(file, std::string(100000, 'x'));
  ::setrlimit(RLIMIT_FSIZE, &old);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().message, "cannot write " + file + ": File too large");
  EXPECT_EQ(read(file), "hand-written reasons\n");
  EXPECT_EQ(dir.entries(), 1u);
}

TEST(WriteFileAtomically, AMissingDirectoryIsNamed) {
  const auto r = write_file_atomically("/nonexistent/dir/out.json", "x");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "cannot write /nonexistent/dir/out.json: No such file or directory");
}

}  // namespace
}  // namespace sortkey::support
