/*
 * fdwalk.h: fdinfo's walks, part of the tools' API beside ns.h.  Like
 * ns_list, each gives objects to an ns_emit_fn and nothing else of the
 * provider behind them crosses: a tool that includes it still knows no
 * provider, only paths and struct ns_obj.  They are not in ns.h because
 * one tool alone asks these questions (which descriptors a process
 * holds, which hold an object, with fdinfo's -p, -t and -a applied),
 * and ns.h is what every tool needs.
 */
#ifndef NS_FDWALK_H
#define NS_FDWALK_H

#include <stddef.h>
#include <stdint.h>

#include "ns.h"

/* What fdinfo lists: which processes and kinds, with associations. */
struct ns_fd_select {
	const uint64_t	*pids;		/* NULL: every process */
	size_t		 npids;
	char		**kinds;	/* NULL: every kind */
	size_t		 nkinds;
	int		 assoc;		/* -a */
};

/* Every descriptor of one process that sel selects, as objects; -1
 * with errno (ENOENT: no such process). */
int	ns_fd_walk_pid(uint64_t pid, const struct ns_fd_select *, ns_emit_fn,
	    void *);
/* The same for every process; those not readable are counted. */
int	ns_fd_walk(const struct ns_fd_select *, ns_emit_fn, void *);
/* The descriptors that hold the object at this canonical path (both
 * ends of a connection, for a socket), each once a run. */
int	ns_fd_walk_holders(const char *object, const struct ns_fd_select *,
	    ns_emit_fn, void *);
/* The catalog of descriptor kinds this kernel gives, as objects. */
int	ns_fd_walk_types(ns_emit_fn, void *);

#endif
