/*
 * fdload: N processes that hold M descriptors each, of mixed kinds.
 *
 *	fdload [-m descriptors] [-n processes]
 *
 * Each process opens its descriptors in a cycle of eight: two regular
 * files (one read-only, one read-write, from a pool of files in a private
 * directory under $TMPDIR), the two ends of a pipe, the two ends of a unix
 * stream socketpair, an eventfd, and a TCP socket listening on 127.0.0.1
 * on a port of the kernel's choosing.  The last few of a count that is not
 * a multiple of eight are files.  -n defaults to 300, -m to 100.
 *
 * Once every process holds its descriptors, fdload prints one line,
 * "ready PROCESSES DESCRIPTORS", and waits.  It ends its processes, removes
 * its files and exits when its standard input reaches end of file or on
 * SIGTERM, SIGINT or SIGHUP; its processes die with it even when it is
 * killed, so that nothing outlives a broken benchmark run.
 */

#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "load.h"

/* Enough files that the holders of one file are not the whole load. */
#define NFILES	64

/* Short of PATH_MAX by room for a file's name in it. */
static char dir[PATH_MAX - 16];

static void __attribute__((noreturn))
usage(void)
{
	fprintf(stderr, "usage: fdload [-m descriptors] [-n processes]\n");
	exit(2);
}

static void
file_name(char *buf, size_t len, unsigned int i)
{
	snprintf(buf, len, "%s/f%d", dir, i % NFILES);
}

static void
make_files(void)
{
	const char *tmp;
	char name[PATH_MAX];
	int fd, i;

	if ((tmp = getenv("TMPDIR")) == NULL || *tmp == '\0')
		tmp = "/tmp";
	if (snprintf(dir, sizeof(dir), "%s/fdload.XXXXXX", tmp) >=
	    (int)sizeof(dir))
		errx(1, "TMPDIR too long");
	if (mkdtemp(dir) == NULL)
		err(1, "mkdtemp %s", dir);
	for (i = 0; i < NFILES; i++) {
		file_name(name, sizeof(name), i);
		if ((fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644)) == -1)
			err(1, "%s", name);
		if (write(fd, "load\n", 5) != 5)
			err(1, "%s", name);
		close(fd);
	}
}

static void
remove_files(void)
{
	char name[PATH_MAX];
	int i;

	if (dir[0] == '\0')
		return;
	for (i = 0; i < NFILES; i++) {
		file_name(name, sizeof(name), i);
		unlink(name);
	}
	rmdir(dir);
}

static int
tcp_listener(void)
{
	struct sockaddr_in sin;
	int fd;

	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) == -1)
		return -1;
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)) == -1 ||
	    listen(fd, 1) == -1) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Open m descriptors in the cycle the header describes.  Returns -1 with
 * errno set on the first failure.
 */
static int
open_fds(int m)
{
	char name[PATH_MAX];
	int fds[2], n, slot;

	for (n = 0; n < m; ) {
		slot = n % 8;
		if (slot >= 2 && m - n < 2)
			slot = 0;
		switch (slot) {
		case 0:
		case 1:
			file_name(name, sizeof(name), n / 8 * 2 + slot);
			if (open(name, slot ? O_RDWR : O_RDONLY) == -1)
				return -1;
			n++;
			break;
		case 2:
			if (pipe(fds) == -1)
				return -1;
			n += 2;
			break;
		case 4:
			if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == -1)
				return -1;
			n += 2;
			break;
		case 6:
			if (eventfd(0, 0) == -1)
				return -1;
			n++;
			break;
		case 7:
			if (tcp_listener() == -1)
				return -1;
			n++;
			break;
		}
	}
	return 0;
}

/*
 * A holder: it dies with fdload, so that no run leaves it behind, opens
 * its descriptors, reports on the ready pipe and sleeps.
 */
static void __attribute__((noreturn))
holder(pid_t parent, int m, int ready)
{
	char c;
	int null;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1 || getppid() != parent)
		_exit(1);
	/* The driver waits for end of file on our standard output. */
	if ((null = open("/dev/null", O_RDWR)) == -1 ||
	    dup2(null, STDIN_FILENO) == -1 || dup2(null, STDOUT_FILENO) == -1)
		_exit(1);
	close(null);
	c = 'r';
	if (open_fds(m) == -1) {
		warn("holder %d", (int)getpid());
		c = 'e';
	}
	if (write(ready, &c, 1) != 1)
		_exit(1);
	close(ready);
	for (;;)
		pause();
}

static void
end_holders(pid_t *pids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		kill(pids[i], SIGKILL);
	for (i = 0; i < n; i++)
		while (waitpid(pids[i], NULL, 0) == -1 && errno == EINTR)
			;
}

int
main(int argc, char *argv[])
{
	pid_t *pids, self;
	char buf[256];
	ssize_t r;
	int ch, m = 100, n = 300, ready[2], i, got, failed;

	while ((ch = getopt(argc, argv, "m:n:")) != -1) {
		switch (ch) {
		case 'm':
			m = load_count("descriptors", optarg, 1 << 20);
			break;
		case 'n':
			n = load_count("processes", optarg, 1 << 16);
			break;
		default:
			usage();
		}
	}
	load_begin(argc, m, usage);
	make_files();
	if ((pids = calloc(n, sizeof(*pids))) == NULL)
		err(1, NULL);
	if (pipe(ready) == -1)
		err(1, "pipe");
	self = getpid();
	fflush(NULL);
	for (i = 0; i < n; i++) {
		if ((pids[i] = fork()) == -1) {
			warn("fork");
			end_holders(pids, i);
			remove_files();
			return 1;
		}
		if (pids[i] == 0) {
			close(ready[0]);
			holder(self, m, ready[1]);
		}
	}
	close(ready[1]);

	failed = 0;
	for (got = 0; got < n && !stop; ) {
		r = read(ready[0], buf, sizeof(buf));
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0) {
			failed = 1;
			break;
		}
		for (i = 0; i < r; i++)
			failed |= buf[i] != 'r';
		got += r;
	}
	close(ready[0]);
	if (failed || stop) {
		if (failed)
			warnx("not every holder could open its descriptors");
		end_holders(pids, n);
		remove_files();
		return 1;
	}

	printf("ready %d %d\n", n, m);
	fflush(stdout);
	wait_for_end();
	end_holders(pids, n);
	remove_files();
	return 0;
}
