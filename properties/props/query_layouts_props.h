// File: properties/props/query_layouts_props.h
//
// The layouts of the sorting and sort-key guides (examples/) with generated data: a ticket tracker,
// IoT readings, a SaaS org collection, an audit log and a version history,
// each read through the engine and held to a naive sort.

#ifndef SORTKEY_PROPERTIES_QUERY_LAYOUTS_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_LAYOUTS_PROPS_H_

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "properties/props/outcome.h"

namespace sortkey::props {

// examples/tickets.yaml: tickets keyed by TicketId, an index on (OrgId, UpdatedAt); the
// updates touch UpdatedAt only; the index read backward is most recently
// updated first, and the base table never gains an item from an update.
Outcome ticket_tracker(const std::vector<std::pair<int, int>>& updates, int tickets);
// examples/iot_newest_first.yaml and iot_newest_last.yaml: a Device and its Readings; both layouts
// (#READING#<padded> read backward, READING#<inverse> read forward) return the Device and its ten
// newest Readings in one Query, with other devices' items around.
Outcome iot_latest_readings(const std::vector<unsigned>& readings,
                            const std::vector<unsigned>& neighbour);
// examples/saas.yaml: the Org with Teams before it and Users after it: `SK <= org`
// backward is the Org then its Teams, `SK >= org` forward the Org then its
// Users in order.
Outcome saas_org_collection(const std::vector<std::string>& teams,
                            const std::vector<std::string>& users);
// examples/audit_log.yaml: an actor's audit log EVT#<ISO-8601>#<seq>: newest first, and a
// BETWEEN window built by the expression builder, against the naive sort.
struct Event {
  int day, hour, minute, second;
};
std::ostream& operator<<(std::ostream& os, const Event& e);
inline void showValue(const Event& e, std::ostream& os) { os << e; }
Outcome audit_log(const std::vector<Event>& events, const Event& from, const Event& to, int limit);
// The version history: v000_ (a copy of the latest) then v001_, v002_, ...:
// a forward Query with Limit 1 returns the latest; all of them come in
// version order.
Outcome version_history(int versions, int width);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_LAYOUTS_PROPS_H_
