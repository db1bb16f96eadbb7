/*
 * What the fuzzers (tests/fuzz) and the sanitizer build found, each kept
 * as the input that found it.  Most were calls of qsort or bsearch on an
 * empty table, whose base is then NULL: undefined even for no elements,
 * and licence for the compiler to drop a later NULL check.  The plain
 * build passes them whatever happens; the sanitizer build (./configure
 * --enable-sanitize, as CI runs it) stops on them.
 */
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ns.h"
#include "provider.h"
#include "modparse.h"
#include "tap.h"

static char root[] = "/tmp/nsfuzzfoundXXXXXX";

static int
count_one(struct ns_obj *o, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

/* The number of children of a node, or -1 if it does not list. */
static int
children(const char *path)
{
	struct ns_obj *o;
	int n = 0;

	if ((o = ns_resolve(path)) == NULL)
		return -1;
	if (ns_list(o, count_one, &n) == -1)
		n = -1;
	ns_obj_free(o);
	return n;
}

static int
names_nothing(const char *path)
{
	struct ns_obj *o;

	errno = 0;
	if ((o = ns_resolve(path)) != NULL) {
		ns_obj_free(o);
		return 0;
	}
	return errno == ENOENT;
}

static void
put(const char *rel, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (text == NULL) {
		if (mkdir(path, 0755) == -1)
			err(1, "%s", path);
		return;
	}
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) == EOF)
		err(1, "%s", path);
}

/* ns_mod_set_roots keeps the pointers: the paths live as long as the test. */
static void
set_roots(const char *procmodules, const char *sysmodule)
{
	static char p[PATH_MAX], s[PATH_MAX];

	snprintf(p, sizeof(p), "%s/%s", root, procmodules);
	snprintf(s, sizeof(s), "%s/%s", root, sysmodule);
	ns_mod_set_roots(p, s);
}

static void
modules(void)
{
	static const char *const attrs[] = { "name", "state", "size",
	    "refcount", "holders", "uses", "parameters", "version",
	    "srcversion", "taint", "drivers", "bound", "summary", NULL };
	const char *const *a;
	struct ns_obj *o;
	char *v;
	size_t n;

	put("modules", "");
	put("sys", NULL);
	put("sys/foo", NULL);

	/* resolve: "/module/1n" with no /proc/modules: /sys/module was
	 * searched for in an empty table. */
	set_roots("none", "sys");
	ok(names_nothing("/module/1n"), "/module/1n names nothing");
	o = ns_resolve("/module/foo");
	ok(o != NULL, "a module only /sys/module knows");
	ns_obj_free(o);

	/* The sanitizer build: an empty /proc/modules and no /sys/module
	 * sorted and searched an empty table. */
	set_roots("modules", "none");
	is_int(children("/module"), 0, "no module: /module lists none");
	ok(names_nothing("/module/x"), "no module: /module/x names nothing");

	/* modules: "ext4 987136 - - Live 0xffffffffc0400000", a kernel that
	 * cannot unload, with no /sys/module: its parameters, holders and
	 * drivers sorted an empty list of names. */
	put("modules", "ext4 987136 - - Live 0xffffffffc0400000\n");
	set_roots("modules", "none");
	if ((o = ns_resolve("/module/ext4")) == NULL) {
		ok(0, "/module/ext4 resolves");
		return;
	}
	for (a = attrs; *a != NULL; a++) {
		errno = 0;
		v = ns_obj_attr(o, *a, &n);
		ok(v != NULL || errno != 0, "/module/ext4 %s: a value or why "
		    "not", *a);
		free(v);
	}
	v = ns_obj_attr(o, "size", &n);
	is_str(v, "987136", "/module/ext4 size");
	free(v);
	ns_obj_free(o);
	ns_mod_set_roots("/proc/modules", "/sys/module");
}

static void
empty_tables(void)
{
	int fd;

	/* nsls /anon/userfaultfd: a kind that has no ids, so its empty
	 * list of them was sorted. */
	if ((fd = syscall(SYS_userfaultfd, O_CLOEXEC)) == -1)
		skip("no userfaultfd here: %s", strerror(errno));
	else {
		ok(children("/anon/userfaultfd") >= 1, "/anon/userfaultfd "
		    "lists the descriptors that hold one");
		close(fd);
	}
	ok(children("/anon/eventfd") >= 0, "/anon/eventfd lists");
	/* An IPC id no table has, in a table that may be empty. */
	ok(names_nothing("/ipc/msg/2147483647"), "/ipc/msg/2147483647 names "
	    "nothing");
	ok(names_nothing("/ipc/shm/2147483647"), "/ipc/shm/2147483647 names "
	    "nothing");
}

/*
 * resolve: "/dev/fd//1" where 1 is a pipe.  Its real path cannot be had
 * (the link text "pipe:[N]" is no path), and the resolver gave the input
 * to /fs as it was typed: "/fs/dev/fd//1", which is no canonical path and
 * names whatever descriptor 1 of the reader is.
 */
static void
magic_link(void)
{
	struct ns_obj *o, *again;
	char in[PATH_MAX], *esc;
	int p[2], fd;

	if (pipe(p) == -1)
		err(1, "pipe");
	snprintf(in, sizeof(in), "/dev/fd//%d", p[0]);
	o = ns_resolve(in);
	ok(o != NULL && strstr(ns_obj_path(o), "//") == NULL &&
		    strstr(ns_obj_path(o), "/dev/fd") == NULL,
		    "%s resolves through the real directory (got %s)", in,
		    o != NULL ? ns_obj_path(o) : "(none)");
	ns_obj_free(o);
	close(p[0]);
	close(p[1]);

	/* resolve: "//dev/fd/4" where 4 is a file since deleted: the path it
	 * gave, "/fs//dev/fd/4", named another object when read again. */
	snprintf(in, sizeof(in), "%s/gone", root);
	if ((fd = open(in, O_CREAT | O_RDWR, 0600)) == -1 || unlink(in) == -1)
		err(1, "%s", in);
	snprintf(in, sizeof(in), "//dev/fd/%d", fd);
	o = ns_resolve(in);
	esc = o != NULL ? ns_escape(ns_obj_path(o)) : NULL;
	again = esc != NULL ? ns_resolve(esc) : NULL;
	ok(again != NULL && strcmp(ns_obj_path(again), ns_obj_path(o)) == 0,
	    "%s resolves to a path that resolves to itself (got %s)", in,
	    o != NULL ? ns_obj_path(o) : "(none)");
	ns_obj_free(again);
	free(esc);
	ns_obj_free(o);
	close(fd);
}

/*
 * Mount at file the mount namespace of a process made for it, which then
 * exits: 0, or -1 with errno.
 */
static int
keep_mntns(const char *file)
{
	char nsfile[64], c;
	int p[2], status, r, why;
	pid_t pid;

	if (pipe(p) == -1 || (pid = fork()) == -1)
		err(1, "fork");
	if (pid == 0) {
		if (unshare(CLONE_NEWNS) == -1)
			_exit(1);
		if (write(p[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(p[1]);
	snprintf(nsfile, sizeof(nsfile), "/proc/%ld/ns/mnt", (long)pid);
	r = read(p[0], &c, 1) == 1 ? mount(nsfile, file, NULL, MS_BIND,
	    NULL) : -1;
	why = errno;
	close(p[0]);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	errno = why;
	return r;
}

/*
 * resolve: "///mount//1" while a mount namespace was kept by a mount of
 * its file alone, as unshare --mount=FILE true leaves one: an id the
 * caller's table lacks is looked for in every other namespace, and this
 * one's list of processes, empty and NULL, was copied.  The test makes
 * one in a mount namespace of its own, where the mount goes with it.
 */
static void
unpeopled_mntns(void)
{
	char file[PATH_MAX];
	cpu_set_t was, one;
	struct ns_obj *o;
	int r, why;

	/*
	 * The kernel refuses (EINVAL) to mount a namespace whose id is not
	 * above the caller's, lest mounts make a loop, and namespaces made
	 * on two CPUs do not always have their ids in the order they were
	 * made (one try in two failed, on 6.18): both are made on one.
	 */
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	if (sched_getaffinity(0, sizeof(was), &was) == -1 ||
	    sched_setaffinity(0, sizeof(one), &one) == -1)
		err(1, "sched_setaffinity");
	if (unshare(CLONE_NEWNS) == -1 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == -1) {
		skip("no mount namespace of our own: %s", strerror(errno));
		sched_setaffinity(0, sizeof(was), &was);
		return;
	}
	put("mntns", "");
	snprintf(file, sizeof(file), "%s/mntns", root);
	r = keep_mntns(file);
	why = errno;
	sched_setaffinity(0, sizeof(was), &was);
	if (r == -1) {
		skip("no namespace kept by a mount: %s", strerror(why));
		return;
	}
	ok(names_nothing("/mount/2147483647"), "a mount id no namespace "
	    "has names nothing");
	errno = 0;
	o = ns_resolve("///mount//1");
	ok(o != NULL || errno == ENOENT, "///mount//1 resolves or names "
	    "nothing");
	ns_obj_free(o);
	if (umount2(file, MNT_DETACH) == -1)
		diag("could not unmount %s: %s", file, strerror(errno));
}

/*
 * The sanitizer build: nsls /net/neigh in a network namespace of its own,
 * which has no neighbour, address or route, sorted an empty table.  Last,
 * as the test stays in that namespace.
 */
static void
new_netns(void)
{
	if (unshare(CLONE_NEWNET) == -1) {
		skip("no network namespace of our own: %s", strerror(errno));
		return;
	}
	is_int(children("/net/neigh"), 0, "a new network namespace: no "
	    "neighbour");
	ok(children("/net/addr") >= 0, "a new network namespace: /net/addr "
	    "lists");
	ok(children("/net/route") >= 0, "a new network namespace: /net/route "
	    "lists");
}

int
main(void)
{
	char cmd[PATH_MAX];

	if (mkdtemp(root) == NULL)
		err(1, "mkdtemp");
	modules();
	empty_tables();
	magic_link();
	unpeopled_mntns();
	new_netns();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		diag("could not remove %s", root);
	return done_testing();
}
