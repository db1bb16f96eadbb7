/*
 * procstate.h: the state letter of a /proc/PID/stat line, header-only,
 * for what needs no more of the line: ns_proc_gone (fail.c), at the
 * bottom of the library, which may call nothing above it.  The rest of
 * the line is procparse.c's.
 */
#ifndef NS_PROCSTATE_H
#define NS_PROCSTATE_H

#include <string.h>

/* The state follows the last ')', since the command name may hold any
 * byte; 0 if it is no stat line. */
static inline char
ns_proc_stat_state(const char *buf)
{
	const char *s = strrchr(buf, ')');

	return s != NULL && s[1] == ' ' ? s[2] : 0;
}

#endif
