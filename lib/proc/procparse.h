/*
 * procparse.h: the readers of /proc/PID/stat and status text (procparse.c),
 * for the /proc provider and the holders of descriptors; fuzzed.
 */
#ifndef NS_PROCPARSE_H
#define NS_PROCPARSE_H

#include <stddef.h>
#include <stdint.h>

#include "procstate.h"

/* The name and ids come early in status: a longer file is read only in
 * part, into a buffer of this size. */
#define STATUS_MAX	4096

/* Pid namespaces nest 32 deep at most (the kernel's MAX_PID_NS_LEVEL),
 * so a process has a pid in 33 of them at most. */
#define PROC_NSPID_MAX	33

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
	/* The pid in each pid namespace from /proc's down to the process's
	 * own, outermost first; none where the kernel has no NSpid line. */
	uint64_t	 nspid[PROC_NSPID_MAX];
	int		 nnspid;
};

/* Read a /proc/PID/stat line, in place, into p, its comm malloc'd; -1
 * if it is no stat line. */
int	ns_proc_parse_stat(struct proc_info *p, char *buf);
/* The n numbers after "Key:" at the start of a line of /proc/PID/status
 * text; -1 if there is no such line or it has fewer. */
int	ns_proc_status_ids(const char *buf, const char *key, uint64_t *ids,
	    int n);
/* The comm on the "Name:" line of /proc/PID/status text, its escapes
 * undone, into name; -1 if there is no such line, an escape the kernel
 * does not make, or no room. */
int	ns_proc_status_name(const char *buf, char *name, size_t size);
/* The pids of the "NSpid:" line of /proc/PID/status text, outermost
 * first, at most max of them: how many, or -1 if there is no such line,
 * it holds none, more than max, or anything but numbers. */
int	ns_proc_parse_nspid(const char *buf, uint64_t *ids, int max);

#endif
