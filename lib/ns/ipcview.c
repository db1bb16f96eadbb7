/*
 * ipcview.c: an ipc namespace's System V objects seen through it, under
 * /ns/ipc/INODE (see nsview.h): ipc, holding shm, sem and msg, as /ipc
 * does for the caller.
 *
 * The objects are the /ipc provider's own, which reads another
 * namespace from inside it and names its objects under it (ipcns.h):
 * their ids are the namespace's, so /ns/ipc/INODE/ipc/shm/ID.  The
 * caller's own namespace under this form is an alias of the short one,
 * /ipc.  Its POSIX message queues are left out: they are the files of
 * its own mqueue file system, which no mount of the caller's shows, and
 * making one would change what a reading tool may only read.
 */
#include <errno.h>
#include <string.h>

#include "provider.h"
#include "ipcns.h"
#include "nsview.h"

static int
view_lookup(struct ns_obj *o, uint64_t ino, char **comp, int n)
{
	if (strcmp(comp[0], "ipc") != 0) {
		errno = ENOENT;
		return -1;
	}
	return ns_ipc_lookup_in(o, ino, comp + 1, n - 1);
}

/* The one child of /ns/ipc/INODE: its ipc (the caller's own: /ipc).  What
 * cannot be read below it is counted as skipped where it is tried. */
static int
view_list(uint64_t ino, ns_emit_fn emit, void *arg)
{
	static char *top[] = { "ipc" };
	struct ns_obj c = { 0 };
	int r;

	if (view_lookup(&c, ino, top, 1) == -1)
		return 0;
	r = emit(&c, arg);
	ns_obj_clear(&c);
	return r;
}

NS_VIEW(ns_ipcview,
	.type = "ipc",
	.lookup = view_lookup,
	.list = view_list);
