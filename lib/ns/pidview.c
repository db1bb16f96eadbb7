/*
 * pidview.c: a pid namespace's processes seen through it, under
 * /ns/pid/INODE (see nsview.h).
 *
 * A process has one identity for the caller, its pid in the caller's
 * /proc, and so one path, /proc/PID, whichever namespace it is listed
 * through: /ns/pid/INODE lists those paths, and each says its pid inside
 * in its nspid attribute (proc.c).  The pid a member of the namespace
 * uses, /ns/pid/INODE/proc/N, is an alias of that path.
 *
 * The processes are those the namespace holds as the kernel sees it:
 * its direct members and the members of every namespace below it, since
 * each of those has a pid in it too and its own /proc lists them (as ps
 * run inside a container shows its nested containers' processes).  lsns,
 * and the namespace's processes attribute, count the direct members
 * alone; they say where a process is, this says what a member sees.
 * The table of namespaces (nstab.c) knows each one's members and parent,
 * so a process is in the view when its own namespace is this one or
 * lies below it, and its pid there is as many places from the end of
 * its NSpid as its namespace is levels below.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "provider.h"
#include "nstab.h"
#include "nsview.h"
#include "procparse.h"

/* The kernel nests pid namespaces 32 deep at most. */
#define MAX_DEPTH	32

/* One process of the view: its pid for the caller, and how many levels
 * its own namespace lies below the view's. */
struct member {
	uint64_t	 pid;
	int		 depth;
};

/* How many levels e lies below the namespace ino, or -1 if not below. */
static int
depth_below(const struct nsent *e, uint64_t ino)
{
	int d;

	for (d = 0; d <= MAX_DEPTH && e != NULL; d++) {
		if (e->ino == ino)
			return d;
		if (e->parent == 0)
			break;
		e = ns_nstab_find(e->parent);
	}
	return -1;
}

static int
by_pid(const void *a, const void *b)
{
	const struct member *x = a, *y = b;

	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/* The processes of the namespace ino, by pid; how many, in *mp. */
static size_t
members(uint64_t ino, struct member **mp)
{
	struct member *m = NULL;
	struct nsent *e;
	size_t i, j, n = 0;
	int d;

	/* The parents come from asking every namespace. */
	ns_nstab_ask_all();
	for (i = 0; i < ns_nstab_count(); i++) {
		e = ns_nstab_at(i);
		if (e->type != T_PID || e->npids == 0 ||
		    (d = depth_below(e, ino)) == -1)
			continue;
		m = ns_xreallocarray(m, n + e->npids, sizeof(*m));
		for (j = 0; j < e->npids; j++) {
			m[n].pid = e->pids[j];
			m[n++].depth = d;
		}
	}
	if (n > 0)
		qsort(m, n, sizeof(*m), by_pid);
	*mp = m;
	return n;
}

/* The process with this pid for the caller, as /proc makes it: 0, or -1
 * if it has left. */
static int
proc_obj(struct ns_obj *o, uint64_t pid)
{
	char path[32];

	snprintf(path, sizeof(path), "/proc/%llu", (unsigned long long)pid);
	if (ns_resolve_into(o, path) == -1)
		return -1;
	if (strcmp(o->path, path) != 0) {
		/* Not a process (a task that became another's thread, or
		 * a /proc file read as one): not a member. */
		ns_obj_clear(o);
		errno = ENOENT;
		return -1;
	}
	return 0;
}

/*
 * Every process of the namespace.  One that left since the table was
 * read is passed over, as any scan of /proc passes it over; a namespace
 * whose last process left meanwhile lists what is still there.
 */
static int	is_procs(uint64_t);

struct each {
	ns_emit_fn	 emit;
	void		*arg;
};

static int
each_proc(uint64_t pid, void *arg)
{
	struct each *e = arg;
	struct ns_obj c;
	int stop;

	if (proc_obj(&c, pid) == -1)
		return 0;
	stop = e->emit(&c, e->arg);
	ns_obj_clear(&c);
	return stop;
}

static int
view_list(uint64_t ino, ns_emit_fn emit, void *arg)
{
	struct ns_obj c;
	struct member *m;
	struct each e = { emit, arg };
	size_t i, n;
	int stop = 0;

	/* The caller's own namespace holds every process its /proc has,
	 * those whose namespace it may not read included. */
	if (is_procs(ino))
		return ns_proc_each(each_proc, &e);
	n = members(ino, &m);
	for (i = 0; i < n && !stop; i++) {
		if (proc_obj(&c, m[i].pid) == -1)
			continue;
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	free(m);
	return stop;
}

/* The pid a process has in the namespace depth levels above its own. */
static int
pid_inside(uint64_t pid, int depth, uint64_t *inside)
{
	uint64_t ids[PROC_NSPID_MAX];
	char path[64], buf[4096];
	int n;

	snprintf(path, sizeof(path), "/proc/%llu/status",
	    (unsigned long long)pid);
	if (ns_read_file(path, buf, sizeof(buf)) == -1 ||
	    (n = ns_proc_parse_nspid(buf, ids, PROC_NSPID_MAX)) == -1 ||
	    depth >= n)
		return -1;
	*inside = ids[n - 1 - depth];
	return 0;
}

/* Whether the namespace ino is the one the caller's /proc counts in. */
static int
is_procs(uint64_t ino)
{
	struct stat st;

	return stat("/proc/self/ns/pid", &st) == 0 &&
	    (uint64_t)st.st_ino == ino;
}

/* "/proc/PID/comp...", as the resolver reads it: components are raw
 * bytes, and none that /proc/PID has below it needs escaping. */
static char *
below(uint64_t pid, char **comp, int n)
{
	char *path, *next;
	int i;

	path = ns_xasprintf("/proc/%llu", (unsigned long long)pid);
	for (i = 0; i < n; i++) {
		next = ns_xasprintf("%s/%s", path, comp[i]);
		free(path);
		path = next;
	}
	return path;
}

/*
 * /ns/pid/INODE/proc/N, the process a member calls N, and what lies
 * below it (/proc/N/fd/3): the same under the caller's pid.
 */
static int
view_lookup(struct ns_obj *o, uint64_t ino, char **comp, int n)
{
	struct member *m;
	uint64_t want, inside, pid = 0;
	size_t i, nm;
	char *path;
	int r, j;

	for (j = 2; j < n; j++)
		if (strchr(comp[j], '\\') != NULL)
			goto none;
	if (n < 2 || strcmp(comp[0], "proc") != 0 ||
	    ns_parse_u64(comp[1], INT_MAX, &want) == -1 || want == 0)
		goto none;
	if (is_procs(ino))
		pid = want;
	else {
		nm = members(ino, &m);
		for (i = 0; i < nm && pid == 0; i++)
			if (pid_inside(m[i].pid, m[i].depth, &inside) == 0 &&
			    inside == want)
				pid = m[i].pid;
		free(m);
	}
	if (pid == 0)
		goto none;
	path = below(pid, comp + 2, n - 2);
	r = ns_resolve_into(o, path);
	free(path);
	/* What the resolver found otherwise (a file of /fs) is no object
	 * of the view. */
	if (r == 0 && strncmp(o->path, "/proc/", 6) != 0) {
		ns_obj_clear(o);
		goto none;
	}
	return r;
none:
	errno = ENOENT;
	return -1;
}

NS_VIEW(ns_pidview,
	.type = "pid",
	.lookup = view_lookup,
	.list = view_list);
