#include "dynamodb/aws_config.h"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "support/json_input.h"
#include "support/text.h"

namespace sortkey::dynamodb {
namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string trim(std::string_view s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && blank(s[b])) ++b;
  while (e > b && blank(s[e - 1])) --e;
  return std::string(s.substr(b, e - b));
}

std::string lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

std::string home_file(const Getenv& env, const char* var, const char* rel) {
  if (std::string p = env(var); !p.empty()) return p;
  const std::string home = env("HOME");
  return home.empty() ? std::string() : home + "/" + rel;
}

SharedFile read_shared(std::string path) {
  SharedFile f;
  f.path = std::move(path);
  std::error_code ec;
  if (f.path.empty() || !std::filesystem::exists(f.path, ec)) return f;  // nothing there
  f.exists = true;
  auto text = support::read_file_within(f.path, support::kMaxJsonFileBytes);
  if (!text) {
    f.readable = false;
    f.why = text.error().message;
    return f;
  }
  f.sections = parse_ini(*text);
  return f;
}

// A setting of the profile: the variable when set, else the config file's.
struct Setting {
  std::string value;
  std::string source;  // "" when unset
};

Setting setting(const Getenv& env, const char* var, const SharedFile& config,
                const std::string& profile, const char* key) {
  if (std::string v = env(var); !v.empty()) return {v, var};
  const std::string section = config_section_name(profile);
  if (const auto* s = config.section(section)) {
    if (const auto it = s->find(key); it != s->end() && !it->second.empty())
      return {it->second, fmt::format("{} in the config file {} [{}]", key, config.path, section)};
  }
  return {};
}

Result<SharedFile> readable_config(const Getenv& env) {
  SharedFile config = read_config_file(env);
  if (config.exists && !config.readable) {
    return make_error(ErrorCode::kBadParameter, 0, "cannot read " + config.why);
  }
  return config;
}

// The profile's service-specific DynamoDB endpoint: `services = NAME`, then
// [services NAME] with `dynamodb =` and an indented `endpoint_url =`.
std::optional<EndpointUrl> services_endpoint(const SharedFile& config,
                                             const std::map<std::string, std::string>& profile) {
  const auto services = profile.find("services");
  if (services == profile.end() || services->second.empty()) return std::nullopt;
  const std::string name = "services " + services->second;
  const auto* section = config.section(name);
  if (section == nullptr) return std::nullopt;
  const auto url = section->find("dynamodb.endpoint_url");
  if (url == section->end() || url->second.empty()) return std::nullopt;
  return EndpointUrl{url->second, fmt::format("dynamodb.endpoint_url in the config file {} [{}]",
                                              config.path, name)};
}

}  // namespace

Getenv process_environment() {
  return [](const std::string& name) {
    const char* v = std::getenv(name.c_str());
    return v == nullptr ? std::string() : std::string(v);
  };
}

Getenv map_environment(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](const std::string& name) {
    const auto it = vars.find(name);
    return it == vars.end() ? std::string() : it->second;
  };
}

IniSections parse_ini(std::string_view text) {
  IniSections out;
  std::string section;
  bool in_section = false;
  std::string nested;  // the key whose indented settings follow, "" when none
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view raw = text.substr(at, nl - at);
    const std::string line = trim(raw);
    at = nl + 1;
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line.front() == '[' && line.back() == ']') {
      section = trim(std::string_view(line).substr(1, line.size() - 2));
      in_section = true;
      nested.clear();
      out[section];
      continue;
    }
    const std::size_t eq = line.find('=');
    if (!in_section || eq == std::string::npos) continue;  // stray lines: not ours
    const std::string key = lower(trim(std::string_view(line).substr(0, eq)));
    const std::string value = trim(std::string_view(line).substr(eq + 1));
    const bool indented = blank(raw[0]);
    if (indented && !nested.empty()) {
      out[section][nested + "." + key] = value;
      continue;
    }
    out[section][key] = value;
    nested = value.empty() ? key : std::string();
  }
  return out;
}

const std::map<std::string, std::string>* SharedFile::section(const std::string& name) const {
  const auto it = sections.find(name);
  return it == sections.end() ? nullptr : &it->second;
}

SharedFile read_config_file(const Getenv& env) {
  return read_shared(home_file(env, "AWS_CONFIG_FILE", ".aws/config"));
}

SharedFile read_credentials_file(const Getenv& env) {
  return read_shared(home_file(env, "AWS_SHARED_CREDENTIALS_FILE", ".aws/credentials"));
}

std::string profile_name(const Getenv& env) {
  const std::string p = env("AWS_PROFILE");
  return p.empty() ? "default" : p;
}

std::string config_section_name(const std::string& profile) {
  return profile == "default" ? "default" : "profile " + profile;
}

Result<EndpointUrl> resolve_endpoint_url(const Getenv& env, std::string_view from_option) {
  if (!from_option.empty()) return EndpointUrl{std::string(from_option), "--endpoint"};
  auto config = readable_config(env);
  if (!config) return config.error();
  const std::string profile = profile_name(env);
  const Setting ignore = setting(env, "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS", *config, profile,
                                 "ignore_configured_endpoint_urls");
  if (lower(ignore.value) == "true") {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("--endpoint needs a URL: configured endpoint URLs are ignored "
                                  "({} is true)",
                                  ignore.source));
  }
  for (const char* var : {"AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL"}) {
    if (std::string v = env(var); !v.empty()) {
      // A URL is one line of printable text; a control character would end
      // up in the request line (or split it) and the error would blame the
      // endpoint.
      for (const char c : v) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          return make_error(ErrorCode::kBadParameter, 0,
                            fmt::format("{} holds a control character: \"{}\"", var, printable(v)));
        }
      }
      return EndpointUrl{v, var};
    }
  }
  const std::string section = config_section_name(profile);
  if (const auto* p = config->section(section)) {
    if (auto url = services_endpoint(*config, *p)) return *url;
    if (const auto it = p->find("endpoint_url"); it != p->end() && !it->second.empty()) {
      return EndpointUrl{it->second, fmt::format("endpoint_url in the config file {} [{}]",
                                                 config->path, section)};
    }
  }
  return make_error(
      ErrorCode::kBadParameter, 0,
      fmt::format("--endpoint needs a URL: none is configured (AWS_ENDPOINT_URL_DYNAMODB, "
                  "AWS_ENDPOINT_URL, or endpoint_url in [{}] or its services section of {})",
                  section, config->path.empty() ? "~/.aws/config" : config->path));
}

Result<RetrySettings> resolve_retry(const Getenv& env) {
  auto config = readable_config(env);
  if (!config) return config.error();
  const std::string profile = profile_name(env);
  RetrySettings out;
  const Setting mode = setting(env, "AWS_RETRY_MODE", *config, profile, "retry_mode");
  if (!mode.source.empty()) {
    if (mode.value == "legacy") {
      out.mode = RetryMode::kLegacy;
    } else if (mode.value == "standard") {
      out.mode = RetryMode::kStandard;
    } else if (mode.value == "adaptive") {
      out.mode = RetryMode::kAdaptive;
    } else {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("{} must be legacy, standard or adaptive, got \"{}\"",
                                    mode.source, support::excerpt(mode.value, 100)));
    }
    out.source = mode.source;
  }
  const Setting attempts = setting(env, "AWS_MAX_ATTEMPTS", *config, profile, "max_attempts");
  if (!attempts.source.empty()) {
    int n = 0;
    const char* end = attempts.value.data() + attempts.value.size();
    const auto [stop, ec] = std::from_chars(attempts.value.data(), end, n);
    if (ec != std::errc() || stop != end || n < 1 || n > 100) {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("{} must be a whole number from 1 to 100, got \"{}\"",
                                    attempts.source, support::excerpt(attempts.value, 100)));
    }
    out.max_attempts = n;
    out.server_error_attempts = n;
    out.source = out.source == "default" ? attempts.source : out.source + ", " + attempts.source;
  }
  return out;
}

}  // namespace sortkey::dynamodb
