/*
 * The types of file systems that answer through a server or a daemon,
 * as /proc/self/mountinfo names them: these are asked only for a
 * bounded time, the rest as ever.
 */
#include "remotefs.h"
#include "tap.h"

static const struct {
	const char	*type;
	int		 remote;
} types[] = {
	{ "fuse", 1 },
	{ "fuseblk", 1 },
	{ "fuse.sshfs", 1 },
	{ "fuse.nstools", 1 },
	{ "fuse.", 0 },
	{ "fusectl", 0 },
	{ "nfs", 1 },
	{ "nfs4", 1 },
	{ "nfsd", 0 },
	{ "cifs", 1 },
	{ "smb3", 1 },
	{ "9p", 1 },
	{ "virtiofs", 1 },
	{ "ceph", 1 },
	{ "ext4", 0 },
	{ "tmpfs", 0 },
	{ "proc", 0 },
	{ "overlay", 0 },
	{ "", 0 },
};

int
main(void)
{
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		is_int(ns_remotefs_type(types[i].type), types[i].remote,
		    "type \"%s\"", types[i].type);
	return done_testing();
}
