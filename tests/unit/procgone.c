/*
 * ns_proc_gone: a process reaped, or a zombie, is one that left, so that
 * what its /proc links refused (EACCES, as the kernel answers for a
 * reaped one) is not counted as passed over; a process alive, and any
 * path that names none, is not.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "ns.h"
#include "tap.h"

static void
paths(void)
{
	char path[64];

	is_int(ns_proc_gone("/fs/tmp"), 0, "not a /proc path");
	is_int(ns_proc_gone("/proc/self/ns/net"), 0, "no pid");
	is_int(ns_proc_gone("/proc/12x/fd"), 0, "not a pid");
	is_int(ns_proc_gone("/proc/"), 0, "the bare directory");
	snprintf(path, sizeof(path), "/proc/%ld/ns/net", (long)getpid());
	is_int(ns_proc_gone(path), 0, "this process");
	snprintf(path, sizeof(path), "/proc/%ld", (long)getpid());
	is_int(ns_proc_gone(path), 0, "this process, the directory");
}

static void
child(void)
{
	char path[64];
	int p[2], st;
	pid_t pid;
	char c;

	if (pipe(p) == -1 || (pid = fork()) == -1) {
		is_int(-1, 0, "a child");
		return;
	}
	if (pid == 0) {
		close(p[1]);
		(void)read(p[0], &c, 1);
		_exit(0);
	}
	close(p[0]);
	snprintf(path, sizeof(path), "/proc/%ld/ns/net", (long)pid);
	is_int(ns_proc_gone(path), 0, "a child alive");
	/* Its end of the pipe closed, it exits: a zombie until reaped. */
	close(p[1]);
	if (waitid(P_PID, pid, NULL, WEXITED | WNOWAIT) == -1)
		is_int(-1, 0, "the child exits");
	is_int(ns_proc_gone(path), 1, "a zombie");
	(void)waitpid(pid, &st, 0);
	is_int(ns_proc_gone(path), 1, "a child reaped");
}

int
main(void)
{
	paths();
	child();
	return done_testing();
}
