// AWS settings target: the shared config and credentials files and a
// credential_process's output, as `certify --endpoint` and `design check
// --endpoint` read them (dynamodb/aws_config.h, dynamodb/credentials.h).
// Input: three parts split at the first two NUL bytes: the config file, the
// credentials file, the process output (a missing part is empty).
//
// Checks:
//   * parse_ini is total, its keys are lower case and its section names and
//     keys have no blank at either end;
//   * resolving the endpoint URL, the retry settings and the region from the
//     config file (written to a file of its own, as AWS_CONFIG_FILE names
//     it) is total, and a refusal is one line without a control character;
//   * read_process_answer is total; a refusal is one line without a control
//     character and never quotes the secret key the output holds; keys it
//     accepts can go into an HTTP header (check_header_value).
// The credentials file is only parsed: resolving credentials would run the
// credential_process it names.

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "dynamodb/aws_config.h"
#include "dynamodb/credentials.h"
#include "fuzz/fuzz_adapter.h"
#include "properties/props/common.h"
#include "properties/props/outcome.h"

namespace {

using sortkey::props::Outcome;

// A part of the input: up to the next NUL, which is consumed.
std::string_view next_part(std::string_view& rest) {
  const std::size_t nul = rest.find('\0');
  const std::string_view part = rest.substr(0, nul);
  rest = nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1);
  return part;
}

Outcome one_clean_line(std::string_view what, const std::string& message) {
  for (const char c : message) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      return Outcome::fails(std::string(what) + " gave a message with a control character: " +
                            sortkey::props::show_key(message));
    }
  }
  return Outcome::holds();
}

bool blank_at_an_end(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  return !s.empty() && (blank(s.front()) || blank(s.back()));
}

Outcome ini_is_normalised(std::string_view text) {
  for (const auto& [section, keys] : sortkey::dynamodb::parse_ini(text)) {
    if (blank_at_an_end(section)) {
      return Outcome::fails("a section name kept a blank: " + sortkey::props::show_key(section));
    }
    for (const auto& [key, value] : keys) {
      if (blank_at_an_end(key)) {
        return Outcome::fails("a key kept a blank: " + sortkey::props::show_key(key));
      }
      for (const char c : key) {
        if (c >= 'A' && c <= 'Z') {
          return Outcome::fails("a key is not lower case: " + sortkey::props::show_key(key));
        }
      }
    }
  }
  return Outcome::holds();
}

// The file the config part is written to, made once per process.
const std::string& config_path() {
  static const std::string path = [] {
    char name[] = "/tmp/aws_settings_fuzzer.XXXXXX";
    const int fd = mkstemp(name);
    if (fd >= 0) close(fd);
    return std::string(name);
  }();
  return path;
}

Outcome settings_resolve(std::string_view config) {
  using namespace sortkey::dynamodb;
  if (std::FILE* f = std::fopen(config_path().c_str(), "wb")) {
    std::fwrite(config.data(), 1, config.size(), f);
    std::fclose(f);
  }
  const Getenv env = map_environment({{"AWS_CONFIG_FILE", config_path()},
                                      {"AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/credentials"},
                                      {"HOME", "/nonexistent"}});
  if (auto url = resolve_endpoint_url(env, ""); !url) {
    if (auto ok = one_clean_line("resolve_endpoint_url", url.error().message); !ok.ok()) {
      return ok;
    }
  }
  if (auto retry = resolve_retry(env); !retry) {
    if (auto ok = one_clean_line("resolve_retry", retry.error().message); !ok.ok()) return ok;
  }
  if (auto region = resolve_region(env, "", "dynamodb.example.com"); !region) {
    if (auto ok = one_clean_line("resolve_region", region.error().message); !ok.ok()) {
      return ok;
    }
  } else if (!check_header_value(*region, "the region")) {
    return Outcome::fails("a region that cannot go into a header was taken: " +
                          sortkey::props::show_key(*region));
  }
  return Outcome::holds();
}

Outcome process_answer_read(std::string_view text) {
  using namespace sortkey::dynamodb;
  const std::string out(text);
  const auto c = read_process_answer(out, "credential_process of [default]");
  if (c) {
    for (const std::string* key :
         {&c->keys.access_key_id, &c->keys.secret_access_key, &c->keys.session_token}) {
      if (!check_header_value(*key, "a key")) {
        return Outcome::fails("a key that cannot go into a header was taken");
      }
    }
    return Outcome::holds();
  }
  if (auto ok = one_clean_line("read_process_answer", c.error().message); !ok.ok()) return ok;
  const auto json = nlohmann::json::parse(out, nullptr, false);
  if (json.is_object()) {
    for (const char* name : {"SecretAccessKey", "SessionToken"}) {
      const auto it = json.find(name);
      if (it == json.end() || !it->is_string()) continue;
      const std::string& secret = it->get_ref<const std::string&>();
      if (secret.size() >= 8 && c.error().message.find(secret) != std::string::npos) {
        return Outcome::fails(std::string("a refusal quoted the ") + name);
      }
    }
  }
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("aws_settings_fuzzer");
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const std::string_view config = next_part(rest);
  const std::string_view credentials = next_part(rest);
  const std::string_view answer = rest;
  auto show = [&] {
    return "config " + props::show_key(config) + ", credentials " + props::show_key(credentials) +
           ", process output " + props::show_key(answer);
  };
  fuzz::check(ini_is_normalised(config), "aws/ini_config", show);
  fuzz::check(ini_is_normalised(credentials), "aws/ini_credentials", show);
  fuzz::check(settings_resolve(config), "aws/settings_resolve", show);
  fuzz::check(process_answer_read(answer), "aws/process_answer", show);
  return 0;
}
