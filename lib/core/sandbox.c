/*
 * sandbox.c: once a tool has started, it tells the kernel that it only
 * reads, as OpenBSD's tools pledge "stdio rpath".
 *
 * The tool is then refused, with EPERM, every system call that changes
 * the file tree (an open for writing, creating, removing, renaming,
 * truncating, changing modes, owners, times or extended attributes),
 * runs a program, mounts, or makes namespaces; no_new_privs is set, as
 * the kernel requires of an unprivileged filter.  A refused call fails
 * as any other error does: the tool is never killed for one.
 *
 * The filter is seccomp's, compiled by libseccomp when the tools are
 * built (build-aux/sandbox-filter.c holds the rules); a tool loads it
 * with one call and does not link libseccomp.  Landlock, the other way
 * Linux offers, cannot serve here: a process it restricts may not look
 * into any process outside its domain, so readlink of /proc/PID/fd/N
 * fails with EACCES for every other process, which is what fdinfo and
 * nsls /proc are for.  seccomp judges the call and its flags, not the
 * file, which is what "only reads" needs.
 *
 * A tool given a path of another machine (/host), or paths on standard
 * input, which may be, is sandboxed too: before the filter goes on it
 * forks the transport helper (rshspawn.c), which alone may run a
 * program, and asks it for each remote call, since the transport, ssh,
 * would inherit the filter and must write its control socket and its
 * known hosts.  A tool given no such path has no helper and reaches no
 * other machine: a walk from above /host lists the configured hosts and
 * does not enter them.
 *
 * Where the kernel has no seccomp the tool runs as before,
 * quietly.  Under a sanitizer nothing is applied: its runtime writes its
 * reports to files and runs a symbolizer, and CI needs those reports.
 */
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/filter.h>
#include <linux/seccomp.h>

#include "ns.h"
#include "provider.h"
/* The filters, compiled at build time (build-aux/sandbox-filter.c). */
#include "sandbox-filter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#endif

/* One change tried by the probe: 0 if it went through, else errno. */
static int
try_exec(const char *path)
{
	pid_t pid;
	int status;

	/* In a child, so that a run without a sandbox goes on. */
	if ((pid = fork()) == -1)
		return errno;
	if (pid == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(errno);
	}
	if (waitpid(pid, &status, 0) == -1)
		return errno;
	return WIFEXITED(status) ? WEXITSTATUS(status) : EINTR;
}

static void
say(const char *what, int r)
{
	fprintf(stderr, "%s %s: %s", strcmp(what, "write") == 0 ? "" : ",",
	    what, r == 0 ? "done" : strerror(r));
}

#define ERR(call)	((call) == -1 ? errno : 0)

/* NSTOOLS_SANDBOX_PROBE=FILE: once the sandbox is on, try to write,
 * create beside, truncate, rename and remove FILE, and to run a program,
 * and say on stderr what came of each, so that a test sees the sandbox
 * refuse them from inside each tool. */
static void
probe(void)
{
	const char *path = getenv("NSTOOLS_SANDBOX_PROBE");
	char other[PATH_MAX];
	int fd;

	if (path == NULL)
		return;
	snprintf(other, sizeof(other), "%s.new", path);
	fprintf(stderr, "%s: sandbox probe:", getprogname());
	fd = open(path, O_WRONLY | O_APPEND);
	say("write", fd == -1 ? errno : 0);
	if (fd != -1)
		close(fd);
	fd = open(other, O_WRONLY | O_CREAT | O_EXCL, 0600);
	say("create", fd == -1 ? errno : 0);
	if (fd != -1)
		close(fd);
	say("truncate", ERR(truncate(path, 0)));
	say("rename", ERR(rename(path, other)));
	say("remove", ERR(unlink(path)));
	say("mkdir", ERR(mkdir(other, 0700)));
	say("exec", try_exec(path));
	fputc('\n', stderr);
}

/* 0 with the filter in force, -1 where the kernel refused it. */
static int
apply(unsigned allow)
{
	if (allow >= sizeof(sandbox_filters) / sizeof(sandbox_filters[0])) {
		errno = EINVAL;
		return -1;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
		return -1;
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0,
	    &sandbox_filters[allow]) == 0)
		return 0;
	/* A kernel before 3.17 has the prctl alone. */
	return errno == ENOSYS ? prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER,
	    &sandbox_filters[allow], 0, 0) : -1;
}

static int sandboxed;

int
ns_sandboxed(void)
{
	return sandboxed;
}

int
ns_sandbox(unsigned allow)
{
	int r = -1;

#ifndef UNDER_SANITIZER
	r = apply(allow);
	sandboxed = r == 0;
#else
	(void)allow;
	(void)apply;
#endif
	probe();
	return r;
}

int
ns_fork_server(void (*serve)(int, void *), void *arg)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) == -1)
		return -1;
	/* Nothing buffered is written twice. */
	fflush(NULL);
	if ((pid = fork()) == -1) {
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		serve(sv[1], arg);
		_exit(0);
	}
	close(sv[1]);
	return sv[0];
}
