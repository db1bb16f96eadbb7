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

static volatile sig_atomic_t done;

static void
on_signal(int sig)
{
	(void)sig;
	done = 1;
}

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

	while (!done && time(NULL) < end) {
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
	struct sigaction sa;
	const char *errstr;
	pid_t *workers;
	time_t end;
	int ch, i, nworkers = 4, fds = 0, seconds;

	while ((ch = getopt(argc, argv, "dw:")) != -1) {
		switch (ch) {
		case 'd':
			fds = 1;
			break;
		case 'w':
			nworkers = (int)strtonum(optarg, 1, 64, &errstr);
			if (errstr != NULL)
				errx(2, "workers %s: %s", optarg, errstr);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 1)
		usage();
	seconds = (int)strtonum(argv[0], 1, 3600, &errstr);
	if (errstr != NULL)
		errx(2, "seconds %s: %s", argv[0], errstr);

	sa.sa_handler = on_signal;
	sa.sa_flags = 0;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGTERM, &sa, NULL) == -1 ||
	    sigaction(SIGINT, &sa, NULL) == -1)
		err(1, "sigaction");

	end = time(NULL) + seconds;
	if ((workers = calloc(nworkers, sizeof(*workers))) == NULL)
		err(1, NULL);
	for (i = 0; i < nworkers; i++) {
		if ((workers[i] = fork()) == -1)
			err(1, "fork");
		if (workers[i] == 0)
			work(fds, end);
	}
	puts("ready");
	if (fflush(stdout) == EOF)
		err(1, "stdout");

	while (!done && time(NULL) < end)
		sleep(1);
	for (i = 0; i < nworkers; i++)
		kill(workers[i], SIGTERM);
	for (i = 0; i < nworkers; i++)
		while (waitpid(workers[i], NULL, 0) == -1 && errno == EINTR)
			continue;
	return 0;
}
