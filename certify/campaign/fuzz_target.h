// File: certify/campaign/fuzz_target.h
//
// `sortkey certify --fuzz SECONDS` as a certification target: a libFuzzer
// campaign (campaign.h) over the built-in codecs' fuzz targets, run after
// the properties, with one result per fuzz target ("fuzz/<target>").
//
// A certification reads the tree: no merge and no capture, so the corpus
// hash of the certificate describes the corpus the campaign ran on (`sortkey
// fuzz` keeps crashers). A crash's reproduce command names its minimized file.

#ifndef SORTKEY_CERTIFY_CAMPAIGN_FUZZ_TARGET_H_
#define SORTKEY_CERTIFY_CAMPAIGN_FUZZ_TARGET_H_

#include <memory>
#include <string>

#include "certify/target.h"

namespace sortkey::certify::campaign {

// A campaign of `seconds` over the libFuzzer binaries in `fuzzers_dir`.
std::unique_ptr<Target> fuzz_target(double seconds, std::string fuzzers_dir);

}  // namespace sortkey::certify::campaign

#endif  // SORTKEY_CERTIFY_CAMPAIGN_FUZZ_TARGET_H_
