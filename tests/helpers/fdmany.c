/*
 * fdmany: hold a great many descriptors in one process, for the tests of
 * how the tools scale.
 *
 * usage: fdmany count
 *
 * It raises its limit on open files as far as it needs (which takes
 * privilege beyond the hard limit, and never goes past fs.nr_open), then
 * holds count descriptors above the three standard ones: about half of
 * them the two ends of pipes, so that there are many objects, the rest
 * duplicates of one descriptor of /dev/null, so that one object has many
 * holders.  It
 * prints "pid=N", then "ready", and waits until its standard input
 * reaches end of file when that is a pipe, or else until it is killed.
 */
#include <sys/resource.h>

#include <err.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "helper.h"

int
main(int argc, char *argv[])
{
	struct rlimit rl;
	long long count, held;
	int fd, p[2];

	if (argc != 2) {
		fprintf(stderr, "usage: fdmany count\n");
		return 2;
	}
	count = helper_number("count", argv[1], 1, 10000000);

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1)
		err(1, "getrlimit");
	if (rl.rlim_cur < (rlim_t)count + 3) {
		rl.rlim_cur = (rlim_t)count + 3;
		if (rl.rlim_max < rl.rlim_cur)
			rl.rlim_max = rl.rlim_cur;
		if (setrlimit(RLIMIT_NOFILE, &rl) == -1)
			err(1, "setrlimit %lld", count + 3);
	}

	if ((fd = open("/dev/null", O_RDONLY)) == -1)
		err(1, "/dev/null");
	for (held = 1; held < count;) {
		if (held % 4 == 1 && count - held >= 2) {
			if (pipe(p) == -1)
				err(1, "pipe");
			held += 2;
		} else {
			if (dup(fd) == -1)
				err(1, "dup");
			held++;
		}
	}
	printf("pid=%d\n", (int)getpid());
	helper_ready();
	helper_wait_leash();
	return 0;
}
