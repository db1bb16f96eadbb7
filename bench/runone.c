/*
 * runone: run a command once and print what it cost.
 *
 *	runone command [arg ...]
 *
 * The command's standard output goes to /dev/null, so that the terminal
 * or a pipe does not slow it down; its standard error stays where it was.
 * One line goes to standard output:
 *
 *	WALL MAXRSS STATUS CPU
 *
 * WALL is the wall-clock time from fork to reaped child in seconds, from
 * the monotonic clock; MAXRSS the child's peak resident set in KiB, as
 * wait4 reports it (it includes the children the command itself waited
 * for, as time(1) does); STATUS the exit status, or 128 plus the signal
 * that ended it; CPU the child's user and system time in seconds, which
 * other work on a busy machine disturbs less than the wall time.  runone itself exits 0 once the line is out, whatever the
 * command did, and 2 on its own errors.
 */

#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void __attribute__((noreturn))
usage(void)
{
	fprintf(stderr, "usage: runone command [arg ...]\n");
	exit(2);
}

static double
now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) == -1)
		err(2, "clock_gettime");
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * The child: stdout to /dev/null, then the command.  A command that cannot
 * be run exits 127, as in the shell, so that the driver sees it failed.
 */
static void __attribute__((noreturn))
child(char **argv)
{
	int fd;

	if ((fd = open("/dev/null", O_WRONLY)) == -1)
		err(127, "/dev/null");
	if (dup2(fd, STDOUT_FILENO) == -1)
		err(127, "dup2");
	if (fd != STDOUT_FILENO)
		close(fd);
	execvp(argv[0], argv);
	warn("%s", argv[0]);
	_exit(127);
}

int
main(int argc, char *argv[])
{
	struct rusage ru;
	double start, wall;
	pid_t pid;
	int status, code;

	if (argc < 2)
		usage();
	argv++;

	/* Buffered output before the fork would be written twice. */
	fflush(stdout);
	start = now();
	if ((pid = fork()) == -1)
		err(2, "fork");
	if (pid == 0)
		child(argv);
	while (wait4(pid, &status, 0, &ru) == -1)
		if (errno != EINTR)
			err(2, "wait4");
	wall = now() - start;

	if (WIFEXITED(status))
		code = WEXITSTATUS(status);
	else if (WIFSIGNALED(status))
		code = 128 + WTERMSIG(status);
	else
		code = 255;
	printf("%.6f %ld %d %.6f\n", wall, ru.ru_maxrss, code,
	    ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
	if (fclose(stdout))
		err(2, "stdout");
	return 0;
}
