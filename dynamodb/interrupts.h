// File: dynamodb/interrupts.h
//
// What Ctrl-C means while sortkey holds tables on an endpoint: the first
// SIGINT, SIGTERM or SIGHUP (a closed terminal or SSH session) asks every
// DynamoDbClient to stop (interrupt_count, client.h: TransportError
// kInterrupted at its next step) so that the run can delete its tables. A
// second one within kSameInterruptMs of the first is the same request (a
// double press of Ctrl-C): the cleanup goes on. A later one aborts at once
// (exit 2), leaving the tables, after killing any child process
// (support::kill_child_groups). Each says so on stderr, in the caller's words.
// One set of handlers serves the endpoint certifier and the design check.
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

// A second signal sooner than this after the first is taken as the same.
inline constexpr long kSameInterruptMs = 1000;

// Resets interrupt_count and interrupt_signal and installs the handlers of
// SIGINT, SIGTERM and SIGHUP, keeping the ones they replace. `first_line` and
// `second_line` are written to stderr as they are (async-signal-safe); they
// must live as long as the handlers. Installing again replaces the lines.
void install_interrupt_handlers(const char* first_line, const char* second_line);

// Puts back the handlers install_interrupt_handlers replaced; nothing when
// none are installed.
void restore_interrupt_handlers();

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_INTERRUPTS_H_
