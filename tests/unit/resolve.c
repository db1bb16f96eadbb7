/*
 * The resolver against the machine's real objects: every input form of
 * the design, and that each canonical path resolves back to itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ns.h"
#include "tap.h"

static void
resolves(const char *input, const char *want)
{
	struct ns_obj *o = ns_resolve(input), *again;
	const char *got = o ? ns_obj_path(o) : "(none)";
	char *esc = ns_escape(input);

	ok(o != NULL && strcmp(got, want) == 0, "%s resolves to %s (got %s)",
	    esc, want, got);
	if (o != NULL) {
		again = ns_resolve(got);
		ok(again != NULL && strcmp(ns_obj_path(again), got) == 0,
		    "%s resolves to itself", want);
		ns_obj_free(again);
	}
	ns_obj_free(o);
	free(esc);
}

static void
fails(const char *input)
{
	struct ns_obj *o;

	errno = 0;
	o = ns_resolve(input);
	ok(o == NULL && errno == ENOENT, "%s names nothing", input);
	ns_obj_free(o);
}

int
main(void)
{
	char dir[] = "/tmp/nsresolveXXXXXX", file[256], want[PATH_MAX];
	char esc[PATH_MAX], self[64], *e;
	int fd;

	resolves("/", "/");
	resolves("//", "/");
	resolves("/fs", "/fs");
	resolves("/etc/passwd", "/fs/etc/passwd");
	resolves("/fs/etc/passwd", "/fs/etc/passwd");
	resolves("/fs/etc/../etc/./passwd", "/fs/etc/passwd");
	resolves("/dev/null", "/dev/char/1/3");
	resolves("c1:3", "/dev/char/1/3");
	resolves("/dev/char/1/3", "/dev/char/1/3");
	resolves("/dev//block/../char/1/3", "/dev/char/1/3");
	resolves("/dev/tty/tty", "/dev/char/5/0");
	resolves("/sys/class/net/lo", "/dev/net/1");
	resolves("n1", "/dev/net/1");
	resolves("/user/root", "/user/0");
	resolves("/user/0", "/user/0");
	resolves("/group/root", "/group/0");
	snprintf(self, sizeof(self), "/proc/%d", (int)getpid());
	resolves("/proc/self", self);
	resolves(self, self);

	/* A hostile name, typed escaped and typed raw. */
	if (mkdtemp(dir) == NULL)
		return 1;
	snprintf(file, sizeof(file), "%s/a b\n\x1b[31m\xff", dir);
	if ((fd = open(file, O_CREAT | O_WRONLY, 0644)) == -1)
		return 1;
	close(fd);
	snprintf(want, sizeof(want), "/fs%s", file);
	resolves(file, want);
	e = ns_escape(file);
	snprintf(esc, sizeof(esc), "%s", e);
	free(e);
	resolves(esc, want);
	if (chdir(dir) == -1)
		return 1;
	snprintf(want, sizeof(want), "/fs%s", dir);
	resolves(".", want);

	fails("");
	fails("/no/such/thing");
	fails("/nosuchprovider");
	fails("/proc/0");
	fails("/dev/block/99999/0");
	fails("x99:99");
	fails("/user/no-such-user-here");

	unlink(file);
	rmdir(dir);
	return done_testing();
}
