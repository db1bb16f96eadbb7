/*
 * procparse.h: what the /proc provider parses, shared with its fuzz target.
 */
#ifndef NS_PROCPARSE_H
#define NS_PROCPARSE_H

#include <stdint.h>

/* What one read of /proc/PID/stat and /proc/PID/status gives. */
struct proc_info {
	int		 stat_errno;	/* -1 unread, 0 read, or why not */
	char		*comm;
	char		 state;
	uint64_t	 ppid;
	uint64_t	 tty;		/* 0 when there is none */
	uint64_t	 threads;
	uint64_t	 start;		/* clock ticks after boot */

	int		 status_errno;	/* -1 unread, 0 read, or why not */
	uint64_t	 tgid;
	uint64_t	 uid[2];	/* real, effective */
	uint64_t	 gid[2];
};

/* Read a /proc/PID/stat line, in place, into p, its comm malloc'd; -1
 * if it is no stat line. */
int	ns_proc_parse_stat(struct proc_info *p, char *buf);
/* The n numbers after "Key:" at the start of a line of /proc/PID/status
 * text; -1 if there is no such line or it has fewer. */
int	ns_proc_status_ids(const char *buf, const char *key, uint64_t *ids,
	    int n);

#endif
