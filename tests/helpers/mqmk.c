/*
 * mqmk: make POSIX message queues and hold them for a test.
 *
 * usage: mqmk [-n] [-s size] name ...
 *
 * Each name becomes the queue "/name", made with mode 0600.  With -s one
 * message of size bytes is put in every queue; with -n the helper
 * registers for notification by SIGUSR1 on each.  It prints "ready" once
 * all is in place and waits for SIGTERM or SIGINT, then removes its
 * queues.
 */
#include <sys/types.h>

#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helper.h"

static void
usage(void)
{
	fprintf(stderr, "usage: mqmk [-n] [-s size] name ...\n");
	exit(2);
}

int
main(int argc, char *argv[])
{
	struct sigevent sev;
	struct mq_attr attr;
	char **names, *msg = NULL;
	long long size = -1;
	sigset_t block, old;
	int ch, i, notify = 0;
	mqd_t q;

	while ((ch = getopt(argc, argv, "ns:")) != -1) {
		switch (ch) {
		case 'n':
			notify = 1;
			break;
		case 's':
			size = helper_number("size", optarg, 0, 8192);
			break;
		default:
			usage();
		}
	}
	argc = helper_operands(argc, &argv, 1, -1, usage);

	/* The signal is blocked until the wait, so none is lost before. */
	helper_catch_end();
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, &old);

	if ((names = calloc(argc, sizeof(*names))) == NULL)
		err(1, NULL);
	if (size > 0 && (msg = calloc(1, size)) == NULL)
		err(1, NULL);
	memset(&attr, 0, sizeof(attr));
	attr.mq_maxmsg = 4;
	attr.mq_msgsize = 8192;
	for (i = 0; i < argc; i++) {
		if (asprintf(&names[i], "/%s", argv[i]) == -1)
			err(1, NULL);
		if ((q = mq_open(names[i], O_RDWR | O_CREAT | O_EXCL, 0600,
		    &attr)) == (mqd_t)-1)
			err(1, "mq_open %s", names[i]);
		if (size >= 0 && mq_send(q, msg != NULL ? msg : "", size, 0))
			err(1, "mq_send %s", names[i]);
		if (notify) {
			memset(&sev, 0, sizeof(sev));
			sev.sigev_notify = SIGEV_SIGNAL;
			sev.sigev_signo = SIGUSR1;
			if (mq_notify(q, &sev) == -1)
				err(1, "mq_notify %s", names[i]);
		}
		/* The descriptor stays open: a holder the tools may see. */
	}
	helper_ready();

	while (!helper_ended)
		sigsuspend(&old);
	for (i = 0; i < argc; i++)
		if (mq_unlink(names[i]) == -1)
			warn("mq_unlink %s", names[i]);
	return 0;
}
