// Ctrl-C and SIGTERM for the commands that run bots (`arena play`, `eval`, `host`): no bot process
// may outlive an interrupted arena. A thread of its own waits for the signal (so that the cleanup
// runs as ordinary code, not in a signal handler), kills every bot process tree and every
// descendant that left it, says so on stderr, and the process exits with 128 + the signal's
// number. A command that can end by itself (eval reports the games that finished) is given 10 s to.
#pragma once

namespace arena {

// Call before any thread is started: the signals are blocked in every thread but the waiter.
// `command_ends_itself`: the command watches interrupted() and returns; otherwise the waiter
// exits the process as soon as the bots are dead.
void install_interrupt_handler(bool command_ends_itself = false);

// True once SIGINT or SIGTERM arrived.
bool interrupted();

// The exit status of a command that returned `status`: unchanged, or, once interrupted, 128 + the
// signal's number after the cleanup has finished.
int exit_status(int status);

}  // namespace arena
