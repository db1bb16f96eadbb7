/*
 * mountlink.c's links: the text nsmount serves for ordinary targets, and
 * nothing at all for the hostile ones a provider, or a machine behind
 * /host, might hand it: dot components, empty ones, relative paths,
 * escapes that read as ".." or "/", and links that leave their machine.
 */
#include <errno.h>
#include <stdlib.h>

#include "mountlink.h"
#include "tap.h"

static void
links(const char *from, const char *to, const char *want)
{
	char *got = ns_mount_link(from, to);

	is_str(got, want, "link in %s to %s", from, to);
	free(got);
}

static void
refused(const char *from, const char *to)
{
	char *got;

	errno = 0;
	got = ns_mount_link(from, to);
	ok(got == NULL && errno == EINVAL, "no link in %s to %s", from, to);
	free(got);
}

static void
canonical(void)
{
	static const char *good[] = {
		"/", "/proc", "/proc/42/fd/3", "/fs/etc/passwd",
		"/host/web1/user/0", "/a.b/..c/c..", "/lit\\x41",
		"/\\x2e\\x2e\\x2e", "/a\\x20b", "/a\\x00b",
	};
	static const char *bad[] = {
		"", "a/b", "proc", ".", "..", "//", "/a//b", "/a/", "/./x",
		"/a/.", "/a/..", "/..", "/../../fs/etc/shadow",
		"/host/web1/../../fs/etc/hostname", "/\\x2e\\x2e",
		"/a/\\x2e\\x2e/b", "/a/\\x2E\\x2e", "/\\x2e", "/a/\\x2e",
		"/a\\x2fb", "/a\\x2F..", "/host/web1/\\x2e\\x2e\\x2f\\x2e\\x2e",
	};
	size_t i;

	for (i = 0; i < TAP_NITEMS(good); i++)
		ok(ns_path_canonical(good[i]), "canonical: \"%s\"", good[i]);
	for (i = 0; i < TAP_NITEMS(bad); i++)
		ok(!ns_path_canonical(bad[i]), "not canonical: \"%s\"",
		    bad[i]);
	ok(!ns_path_canonical(NULL), "not canonical: NULL");
}

static void
ordinary(void)
{
	links("/proc/42/fd/3", "/pipe/123", "../../../../pipe/123");
	links("/proc/42/fd/3", "/proc/42", "../..");
	links("/proc/42", "/proc/42/fd/3", "fd/3");
	links("/proc/42", "/proc/420", "../420");
	links("/proc/42", "/user/0", "../../user/0");
	links("/user", "/user/0", "0");
	links("/dev/mem", "/dev/char/1/3", "../char/1/3");
	links("/", "/", ".");
	links("/proc", "/proc", ".");
	links("/", "/proc/1", "proc/1");
	links("/sock/tcp/812/fds", "/proc/42/fd/3", "../../../../proc/42/fd/3");
	links("/proc/42", "/fsx/a", "../../fsx/a");
	/* The real file, by its absolute path, from this machine's tree. */
	links("/proc/42", "/fs/etc/passwd", "/etc/passwd");
	links("/proc/42", "/fs", "/");
	/* Another machine's links stay on it. */
	links("/host/web1/proc/1", "/host/web1/user/0", "../../user/0");
	links("/host/web1/proc/1", "/host/web1", "../..");
	links("/host/web1/proc/1", "/host/web1/fs/etc/hostname",
	    "../../fs/etc/hostname");
	links("/host", "/host/web1/user/0", "web1/user/0");
	links("/proc/1", "/host/web1/user/0", "../../host/web1/user/0");
}

static void
hostile(void)
{
	refused("/host/web1/proc/1", "/host/web1/../../fs/etc/hostname");
	refused("/host/web1/proc/1", "/../../fs/etc/shadow");
	refused("/proc/1", "/../../fs/etc/shadow");
	refused("/proc/1", "/a//b");
	refused("/proc/1", "/./x");
	refused("/proc/1", "a/b");
	refused("/proc/1", "");
	refused("/proc/1", "/a/..");
	refused("/proc/1", "/proc/1/..");
	refused("/proc/1", "/\\x2e\\x2e/\\x2e\\x2e/etc");
	refused("/proc/1", "/proc/\\x2e\\x2e");
	refused("/proc/1", "/proc/a\\x2f..\\x2f..");
	refused("/host/web1/proc/1", "/host/web1/\\x2e\\x2e/web2/user/0");
	/* A machine's link to this machine's files, or another machine. */
	refused("/host/web1/proc/1", "/fs/etc/hostname");
	refused("/host/web1/proc/1", "/fs");
	refused("/host/web1/proc/1", "/host/web2/user/0");
	refused("/host/web1/proc/1", "/host/web1x/user/0");
	refused("/host/web1/proc/1", "/user/0");
	refused("/host/web1", "/proc/1");
	/* A place that is no canonical directory either. */
	refused("/proc/1/..", "/proc/1");
	refused("proc/1", "/proc/1");
	refused("", "/proc/1");
}

int
main(void)
{
	canonical();
	ordinary();
	hostile();
	return done_testing();
}
