/*
 * The parsers of what namespaces hold: id map lines, time namespace
 * offsets, the unified cgroup of /proc/PID/cgroup, a cgroup namespace's
 * root and where it lies in the file tree.
 */
#include <stdio.h>
#include <string.h>

#include "nsparse.h"
#include "tap.h"

/*
 * A parser's verdict r, out what it wrote: where want is NULL it must
 * have rejected its input, said as no; else accepted it and written
 * want, said as yes and what it wrote, quoted by q.
 */
static void
verdict(int r, const char *out, const char *want, const char *no,
    const char *yes, const char *q)
{
	if (want == NULL)
		is_int(r, -1, "%s", no);
	else
		ok(r == 0 && strcmp(out, want) == 0, "%s (got %s%s%s)", yes, q,
		    out, q);
}

static void
idmap(const char *line, const char *want)
{
	char out[64] = "", no[128], yes[128];

	snprintf(no, sizeof(no), "id map line \"%s\" rejected", line);
	snprintf(yes, sizeof(yes), "id map line \"%s\" is \"%s\"", line,
	    want ? want : "");
	verdict(ns_idmap_line(line, out, sizeof(out)), out, want, no, yes,
	    "\"");
}

static void
up(const char *map, uint64_t id, long long want)
{
	uint64_t out = 0;
	int r = ns_idmap_up(map, id, &out);

	if (want < 0)
		is_int(r, -1, "id %llu is not in the map", (unsigned long long)id);
	else
		ok(r == 0 && out == (uint64_t)want,
		    "id %llu maps up to %lld (got %llu)", (unsigned long long)id,
		    want, (unsigned long long)out);
}

static void
offset(const char *text, const char *clock, const char *want)
{
	char out[64] = "", no[128], yes[128];

	snprintf(no, sizeof(no), "no %s offset", clock);
	snprintf(yes, sizeof(yes), "%s offset is \"%s\"", clock,
	    want ? want : "");
	verdict(ns_timens_offset(text, clock, out, sizeof(out)), out, want,
	    no, yes, "\"");
}

static void
unified(const char *text, const char *want)
{
	char out[64] = "", yes[128];

	snprintf(yes, sizeof(yes), "unified cgroup is %s", want ? want : "");
	verdict(ns_cgroup_unified(text, out, sizeof(out)), out, want,
	    "no unified cgroup", yes, "");
}

static void
root(const char *outer, const char *inner, const char *want)
{
	char out[64] = "", no[128], yes[128];

	snprintf(no, sizeof(no), "%s seen as %s says no root", outer, inner);
	snprintf(yes, sizeof(yes), "%s seen as %s: root %s", outer, inner,
	    want ? want : "");
	verdict(ns_cgroup_root(outer, inner, out, sizeof(out)), out, want,
	    no, yes, "");
}

static void
file(const char *cg, const char *mroot, const char *target,
    const char *want)
{
	char out[64] = "", no[128], yes[128];

	snprintf(no, sizeof(no), "%s is not below the mount of %s", cg,
	    mroot);
	snprintf(yes, sizeof(yes), "%s below %s at %s is %s", cg, mroot,
	    target, want ? want : "");
	verdict(ns_cgroup_file(cg, mroot, target, out, sizeof(out)), out,
	    want, no, yes, "");
}

int
main(void)
{
	char small[6];

	idmap("         0       1000          1", "0 1000 1");
	idmap("0 0 4294967295\n", "0 0 4294967295");
	idmap("\t1\t2\t3\t", "1 2 3");
	idmap("0 1000", NULL);
	idmap("0 1000 1 5", NULL);
	idmap("0 -1000 1", NULL);
	idmap("0 1000x 1", NULL);
	idmap("", NULL);
	idmap("0 1 123456789012345678901", NULL);
	is_int(ns_idmap_line("100 200 300", small, sizeof(small)), -1,
	    "an id map line too long for its buffer is rejected");

	up("         0      65534          1\n", 0, 65534);
	up("         0      65534          1\n", 1, -1);
	up("0 100000 65536\n70000 1000 1\n", 65535, 165535);
	up("0 100000 65536\n70000 1000 1\n", 70000, 1000);
	up("0 100000 65536\n70000 1000 1", 65536, -1);
	up("0 0 4294967295", 4294967294ULL, 4294967294LL);
	up("0 1000", 0, -1);
	up("", 0, -1);

	offset("monotonic           0         0\nboottime            0         0\n",
	    "monotonic", "0 0");
	offset("monotonic        1000         0\nboottime         2000         0\n",
	    "boottime", "2000 0");
	offset("monotonic       -5    999999999\n", "monotonic",
	    "-5 999999999");
	offset("monotonicx 1 0\n", "monotonic", NULL);
	offset("monotonic 1\n", "monotonic", NULL);
	offset("monotonic 1 0 0\n", "monotonic", NULL);
	offset("monotonic\n", "monotonic", NULL);
	offset("", "boottime", NULL);
	offset("monotonic 1 0\n", "boottime", NULL);

	unified("0::/user.slice/session-1.scope\n", "/user.slice/session-1.scope");
	unified("4:memory:/a\n0::/\n", "/");
	unified("12:pids:/\n1:name=systemd:/x\n", NULL);
	unified("0::relative\n", NULL);
	unified("", NULL);

	root("/a/b/c", "/c", "/a/b");
	root("/a/b/c", "/b/c", "/a");
	root("/a/b", "/", "/a/b");
	root("/a/b", "/a/b", "/");
	root("/", "/", "/");
	root("/a/bc", "/c", NULL);
	root("/a/b", "/x", NULL);
	root("/a", "/../b", NULL);
	root("/a/..", "/", NULL);
	root("a/b", "/b", NULL);
	root("/a/b", "/a/b/c", NULL);
	root("/a..b/c", "/c", "/a..b");

	file("/a/b", "/", "/sys/fs/cgroup", "/sys/fs/cgroup/a/b");
	file("/", "/", "/sys/fs/cgroup", "/sys/fs/cgroup");
	file("/a/b", "/a", "/mnt", "/mnt/b");
	file("/a", "/a", "/mnt", "/mnt");
	file("/ab", "/a", "/mnt", NULL);
	file("/x", "/a", "/mnt", NULL);
	file("/a", "/", "/", "/a");
	file("/", "/", "/", "/");
	return done_testing();
}
