/*
 * mntview.c: a mnt namespace's objects seen through it, under
 * /ns/mnt/INODE (see nsview.h): mount, its mounts, and fs, its file
 * tree.
 *
 * Both are the providers' own, which read another namespace through a
 * member (mntns.h) and name its objects themselves: a mount keeps its
 * /mount/ID path, mount ids being unique system-wide, and a file of the
 * tree is /ns/mnt/INODE/fs/PATH.  The caller's own namespace under this
 * form is an alias of the short one: /mount, /fs.
 */
#include <errno.h>
#include <string.h>

#include "provider.h"
#include "mntns.h"
#include "nsview.h"

static int
view_lookup(struct ns_obj *o, uint64_t ino, char **comp, int n)
{
	int own = ino == ns_mntns_here();

	if (strcmp(comp[0], "mount") == 0)
		return own ? ns_mount_provider.lookup(o, comp + 1, n - 1) :
		    ns_mount_lookup_in(o, ino, comp + 1, n - 1);
	if (strcmp(comp[0], "fs") == 0)
		return own ? ns_fs_provider.lookup(o, comp + 1, n - 1) :
		    ns_fs_lookup_in(o, ino, comp + 1, n - 1);
	errno = ENOENT;
	return -1;
}

/* The children of /ns/mnt/INODE: those that can be read (what cannot is
 * counted as skipped where it was tried). */
static int
view_list(uint64_t ino, ns_emit_fn emit, void *arg)
{
	static char *tops[] = { "mount", "fs" };
	struct ns_obj c = { 0 };
	size_t i;
	int r = 0;

	for (i = 0; i < sizeof(tops) / sizeof(tops[0]) && r == 0; i++) {
		if (view_lookup(&c, ino, &tops[i], 1) == -1) {
			ns_obj_clear(&c);
			continue;
		}
		r = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return r;
}

NS_VIEW(ns_mntview,
	.type = "mnt",
	.lookup = view_lookup,
	.list = view_list);
