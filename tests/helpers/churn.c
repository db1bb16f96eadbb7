/*
 * churn: make processes and descriptors come and go as fast as it can for
 * a bounded time, for the tests of scans that race them.
 *
 * usage: churn [-d] [-w workers] seconds
 *
 * Each worker forks children that exit at once and reaps them.  With -d
 * the workers also open and close descriptors of several kinds (a file, a
 * pipe, sockets, an eventfd) between forks, and the children do the same
 * before they exit.  There are four workers unless -w says else.  It
 * prints "ready" once the workers run and exits, the workers with it,
 * when the time is up or when it gets SIGTERM or SIGINT.
 */
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "helper.h"

static void
usage(void)
{
	fprintf(stderr, "usage: churn [-d] [-w workers] seconds\n");
	exit(2);
}

/* Open descriptors of a few kinds and close them again. */
static void
flicker(void)
{
	int fd, p[2], sv[2];

	if ((fd = open("/dev/null", O_RDONLY)) != -1)
		close(fd);
	if (pipe(p) == 0) {
		close(p[0]);
		close(p[1]);
	}
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0) {
		close(sv[0]);
		close(sv[1]);
	}
	if ((fd = socket(AF_INET, SOCK_DGRAM, 0)) != -1)
		close(fd);
	if ((fd = eventfd(0, 0)) != -1)
		close(fd);
}

static void
work(int fds, time_t end)
{
	pid_t pid;
	int i;

	while (!helper_ended && time(NULL) < end) {
		if (fds)
			for (i = 0; i < 16; i++)
				flicker();
		if ((pid = fork()) == -1) {
			/* Out of processes for a moment: let them go. */
			if (errno == EAGAIN) {
				usleep(1000);
				continue;
			}
			err(1, "fork");
		}
		if (pid == 0) {
			if (fds)
				flicker();
			_exit(0);
		}
		while (waitpid(pid, NULL, 0) == -1 && errno == EINTR)
			continue;
	}
	_exit(0);
}

int
main(int argc, char *argv[])
{
	pid_t *workers;
	time_t end;
	int ch, i, nworkers = 4, fds = 0, seconds;

	while ((ch = getopt(argc, argv, "dw:")) != -1) {
		switch (ch) {
		case 'd':
			fds = 1;
			break;
		case 'w':
			nworkers = (int)helper_number("workers", optarg, 1, 64);
			break;
		default:
			usage();
		}
	}
	helper_operands(argc, &argv, 1, 1, usage);
	seconds = (int)helper_number("seconds", argv[0], 1, 3600);
	helper_catch_end();

	end = time(NULL) + seconds;
	if ((workers = calloc(nworkers, sizeof(*workers))) == NULL)
		err(1, NULL);
	for (i = 0; i < nworkers; i++) {
		if ((workers[i] = fork()) == -1)
			err(1, "fork");
		if (workers[i] == 0)
			work(fds, end);
	}
	helper_ready();

	while (!helper_ended && time(NULL) < end)
		sleep(1);
	for (i = 0; i < nworkers; i++)
		kill(workers[i], SIGTERM);
	for (i = 0; i < nworkers; i++)
		while (waitpid(workers[i], NULL, 0) == -1 && errno == EINTR)
			continue;
	return 0;
}
