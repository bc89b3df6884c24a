// Private: UTC calendar text of the ID codecs' timestamps.

#ifndef SORTKEY_INTERNAL_CIVIL_TIME_H_
#define SORTKEY_INTERNAL_CIVIL_TIME_H_

#include <cstdint>
#include <string>

namespace sortkey::internal {

// RFC 3339 in UTC: "2017-10-10T04:00:47Z", or with millis >= 0
// "2016-07-30T23:54:10.259Z". Years after 9999 get the expanded form of
// JavaScript's Date.prototype.toISOString: "+010889-08-02T05:31:50.655Z".
// REQUIRES: unix_seconds >= 0 (every KSUID and ULID time is), millis < 1000.
std::string format_utc(std::int64_t unix_seconds, int millis);

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_CIVIL_TIME_H_
