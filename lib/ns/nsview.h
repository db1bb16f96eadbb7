/*
 * nsview.h: what a namespace holds, seen through it: /ns/TYPE/INODE/...
 * is the short path of the same object as a member of that namespace sees
 * it (/ns/net/I/dev/net/2, /ns/mnt/I/fs/etc, /ns/ipc/I/ipc/shm/3).  Each
 * kind of namespace that holds objects has a view; nsfs.c calls them.
 *
 * lookup: the object at comp[0..n-1] below /ns/TYPE/INODE (n >= 1), its
 * path and its links under that prefix where they differ from the short
 * form; 0, or -1 with errno (ENOENT: no such object).  list: the children
 * of /ns/TYPE/INODE, emitted until emit returns non-zero.
 */
#ifndef NS_NSVIEW_H
#define NS_NSVIEW_H

#include <stdint.h>

#include "ns.h"

struct nsview {
	const char	*type;	/* the kind of namespace: "net", "mnt" */
	int		(*lookup)(struct ns_obj *, uint64_t ino, char **comp,
			    int n);
	int		(*list)(uint64_t ino, ns_emit_fn, void *);
};

/* A view is defined and registered at once, as a provider is
 * (NS_PROVIDER): NS_VIEW(ns_netview, .type = "net", .lookup = ...), and
 * nsfs.c finds it by its type.  Its kind's class in nsfs.c lists
 * through it (NS_VIEW_CLASS). */
#define NS_VIEW(v, ...) \
	const struct nsview v = { __VA_ARGS__ }; \
	static const struct nsview *const ns_view_ref_##v \
	    __attribute__((used, section("nstools_views"))) = &(v)

#endif
