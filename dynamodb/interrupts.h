// File: dynamodb/interrupts.h
//
// What Ctrl-C means while sortkey holds tables on an endpoint: the first
// SIGINT or SIGTERM asks every DynamoDbClient to stop (interrupt_count,
// client.h: TransportError kInterrupted at its next step) so that the run can
// delete its tables; a second one aborts at once (exit 2), leaving them. Each
// says so on stderr, in the caller's words. One set of handlers serves the
// endpoint certifier and the design check alike.
//
// Example:
//   install_interrupt_handlers(
//       "\nsortkey certify: interrupted; deleting the tables this run created "
//       "(interrupt again to abort)\n",
//       "\nsortkey certify: aborted; tables named sortkey-cert-* may remain\n");
//   ... requests, then the tables deleted ...
//   restore_interrupt_handlers();

#ifndef SORTKEY_DYNAMODB_INTERRUPTS_H_
#define SORTKEY_DYNAMODB_INTERRUPTS_H_

namespace sortkey::dynamodb {

// Resets interrupt_count and interrupt_signal and installs the handlers of
// SIGINT and SIGTERM, keeping the ones they replace. `first_line` and
// `second_line` are written to stderr as they are (async-signal-safe); they
// must live as long as the handlers. Installing again replaces the lines.
void install_interrupt_handlers(const char* first_line, const char* second_line);

// Puts back the handlers install_interrupt_handlers replaced; nothing when
// none are installed.
void restore_interrupt_handlers();

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_INTERRUPTS_H_
