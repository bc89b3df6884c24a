#include "certify/verify.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "certify/digest.h"
#include "certify/signature.h"
#include "support/json_input.h"

namespace sortkey::certify {
namespace {

Error cannot_check(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

Error not_genuine(const std::string& path, const std::string& why) {
  return make_error(ErrorCode::kNonCanonical, 0, fmt::format("{}: {}", path, why));
}

// The Ed25519 signature of the digest by the private half of `public_key`.
Result<void> check_signature(const nlohmann::json& cert, const std::string& path,
                             const std::string& public_key) {
  const auto sig = cert.find("signature");
  if (sig == cert.end() || !sig->is_object() || !sig->contains("value") ||
      !(*sig)["value"].is_string() || sig->value("algorithm", nlohmann::json()) != "ed25519") {
    return not_genuine(path, "not signed (no ed25519 signature)");
  }
  // Neither the digest nor the signature covers the signature object.
  if (sig->size() != 2) {
    return not_genuine(path, "the signature holds more than its algorithm and value");
  }
  auto ok = verify_ed25519(public_key, cert["digest"]["value"].get<std::string>(),
                           (*sig)["value"].get<std::string>());
  if (!ok && ok.error().code == ErrorCode::kBadParameter) {
    return cannot_check(fmt::format("{}: {}", path, ok.error().message));
  }
  if (!ok) return not_genuine(path, ok.error().message);
  return {};
}

}  // namespace

Result<CertificateCheck> check_certificate_file(const std::string& path,
                                                const std::string& public_key) {
  auto text = support::read_file_within(path, support::kMaxJsonFileBytes);
  if (!text) return cannot_check("cannot read " + text.error().message);
  return check_certificate_text(*text, path, public_key);
}

Result<CertificateCheck> check_certificate_text(std::string_view text, const std::string& path,
                                                const std::string& public_key) {
  auto parsed = support::parse_json(text, path);
  if (!parsed) return cannot_check(parsed.error().message);
  const nlohmann::json& cert = *parsed;
  if (auto ok = verify_certificate(cert); !ok) return not_genuine(path, ok.error().message);
  if (!public_key.empty()) {
    if (auto ok = check_signature(cert, path, public_key); !ok) return ok.error();
  }
  const auto certified = cert.find("certified");
  return CertificateCheck{certified != cert.end() && certified->is_boolean() &&
                          certified->get<bool>()};
}

}  // namespace sortkey::certify
