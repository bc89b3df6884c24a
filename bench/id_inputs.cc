#include "bench/id_inputs.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "src/testing/source_dir.h"

namespace sortkey::bench {
namespace {

std::string inputs_path() {
  if (const char* path = std::getenv("SORTKEY_ID_INPUTS"); path != nullptr && *path != '\0') {
    return path;
  }
  return sortkey::testing::source_path("bench/ids_inputs.txt");
}

[[noreturn]] void fail(const std::string& message) {
  fmt::print(stderr, "sortkey_bench: {}\n", message);
  std::exit(2);
}

}  // namespace

std::vector<std::string> id_input_texts(std::string_view set) {
  const std::string path = inputs_path();
  std::ifstream in(path);
  if (!in) fail(fmt::format("cannot read the ID inputs {} (set SORTKEY_ID_INPUTS)", path));
  std::vector<std::string> texts;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string name;
    std::string text;
    if (fields >> name >> text && name == set) texts.push_back(text);
  }
  if (texts.empty()) fail(fmt::format("the ID inputs {} hold no ID of the set {}", path, set));
  return texts;
}

void bad_id_input(std::string_view set, std::string_view text, std::string_view error) {
  fail(fmt::format("the ID input {} of the set {} does not decode: {}", text, set, error));
}

}  // namespace sortkey::bench
