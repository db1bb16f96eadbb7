/*
 * rshspawn.h: the transport helper (rshspawn.c), the one process of a
 * tool that may start a program, and what the tool's side of a call
 * (rsh.c) says to it over their socket pair.
 */
#ifndef NS_RSHSPAWN_H
#define NS_RSHSPAWN_H

/* The largest request: a batch of paths (hostbatch.c's BATCH_BYTES)
 * and the words around it. */
#define RSH_MSG_MAX	(256 * 1024)

/*
 * A request is one message.  RSH_START: the host's name and the remote
 * command's words, each ending in NUL, with three descriptors attached
 * (the write ends of the reply's pipe, its messages' pipe and the pipe
 * its exit status is written to, as an int, when it ends); the answer
 * is an int, the call's process id or minus an errno.  RSH_KILL: a
 * process id as an int, a call of this helper's to end at once; no
 * answer.
 */
enum { RSH_START = 'S', RSH_KILL = 'K' };

/* The socket to the helper, which is started if it is not yet and the
 * tool may still start one (not sandboxed); -1 with errno else. */
int	ns_rsh_helper(void);
/* CLOCK_MONOTONIC in ms, the clock of the calls' deadlines on both
 * sides. */
long long ns_rsh_now_ms(void);

#endif
