// Certificates: verify-certificate's checks (check_certificate_text,
// certify/verify.h) on any text, without and with a public key, and on the
// input sealed: when the text is a JSON object, its digest and an Ed25519
// signature made for it by the key pair below, then one byte of that text
// changed.
// Input: the certificate text (the seeds are certificates, signed, unsigned
// and forged).
//
// Checks (certify/verify_props.h):
//   * the check is total: a verdict, or an error naming the file that is
//     kBadParameter (the check cannot be made) or kNonCanonical (not genuine);
//   * a sealed certificate passes with and without the key, and its verdict
//     is its "certified" member;
//   * any change to a sealed certificate that reads as another JSON value is
//     refused with the key: nothing outside the digest's and the signature's
//     coverage can be edited unnoticed.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

#include "certify/verify.h"
#include "certify/verify_props.h"
#include "fuzz/fuzz_adapter.h"
#include "support/json_input.h"

namespace {

// A key pair for this target only: it signs nothing else, anywhere.
constexpr const char* kPrivateKey =
    "-----BEGIN PRIVATE KEY-----\n"
    "MC4CAQAwBQYDK2VwBCIEIMJmLXH0fnupIGoule9BLhO8y1bRxaTwQfbMygKYUsfd\n"
    "-----END PRIVATE KEY-----\n";
constexpr const char* kPublicKey =
    "-----BEGIN PUBLIC KEY-----\n"
    "MCowBQYDK2VwAyEAb/kDR7IblWeaaLjU5jMU6B17WgKh6uj7iO0xDh1uRBM=\n"
    "-----END PUBLIC KEY-----\n";
constexpr const char* kName = "cert.json";

struct Keys {
  std::string private_path, public_path;
};

// The key pair as files, as the certifier reads keys; written once.
const Keys& keys() {
  static const Keys k = [] {
    const char* tmp = std::getenv("TMPDIR");
    std::string dir = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/sortkeyXXXXXX";
    if (::mkdtemp(dir.data()) == nullptr) {
      std::perror("certificate_fuzzer: mkdtemp");
      std::abort();
    }
    Keys out{dir + "/key.pem", dir + "/pub.pem"};
    std::ofstream(out.private_path) << kPrivateKey;
    std::ofstream(out.public_path) << kPublicKey;
    return out;
  }();
  return k;
}

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("certificate_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto show = [&] { return std::string(text.substr(0, 2000)); };
  fuzz::check(
      certify::certificate_check_clean(certify::check_certificate_text(text, kName, ""), kName),
      "certificate/check", show);
  fuzz::check(certify::certificate_check_clean(
                  certify::check_certificate_text(text, kName, keys().public_path), kName),
              "certificate/check_signed", show);
  auto parsed = support::parse_json(text, "the input");
  if (parsed && parsed->is_object()) {
    const auto sealed = certify::seal_certificate(*parsed, keys().private_path);
    fuzz::check(certify::certificate_sealed(sealed), "certificate/sign",
                std::string("the target's key"));
    fuzz::check(
        certify::sealed_certificate_holds(*parsed, *sealed, fnv1a(text), kName, keys().public_path),
        "certificate/sealed", show);
  }
  return 0;
}
