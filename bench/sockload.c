/*
 * sockload: one process that holds K TCP sockets on the loopback.
 *
 *	sockload [-k sockets]
 *
 * A tenth of the sockets (at least one) listen on 127.0.0.1, each on a
 * port of the kernel's choosing; the rest are connected pairs, a client
 * and the server's accepted end, spread over the listeners in turn.  -k
 * defaults to 10000.  The descriptor limit is raised to fit.
 *
 * Once the sockets exist, sockload prints "ready SOCKETS" and waits; it
 * exits when its standard input reaches end of file or on SIGTERM, SIGINT
 * or SIGHUP.  Closing connected sockets leaves them in TIME-WAIT for a
 * minute: run it in a network namespace of its own (unshare -n) so that
 * they go with the namespace.
 */

#include <sys/socket.h>
#include <sys/types.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "load.h"


static void __attribute__((noreturn))
usage(void)
{
	fprintf(stderr, "usage: sockload [-k sockets]\n");
	exit(2);
}

/* A listener on 127.0.0.1; its address, port included, into sin. */
static int
listener(struct sockaddr_in *sin)
{
	socklen_t len = sizeof(*sin);
	int fd;

	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) == -1)
		err(1, "socket");
	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)sin, sizeof(*sin)) == -1)
		err(1, "bind 127.0.0.1");
	if (listen(fd, 16) == -1)
		err(1, "listen");
	if (getsockname(fd, (struct sockaddr *)sin, &len) == -1)
		err(1, "getsockname");
	return fd;
}

/*
 * A connected pair: connect blocks only until the handshake is done,
 * which the loopback finishes at once, and the accept follows straight
 * away, so the backlog never fills.
 */
static void
pair(int lfd, const struct sockaddr_in *sin)
{
	int fd;

	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) == -1)
		err(1, "socket");
	if (connect(fd, (const struct sockaddr *)sin, sizeof(*sin)) == -1)
		err(1, "connect 127.0.0.1:%d", ntohs(sin->sin_port));
	if (accept(lfd, NULL, NULL) == -1)
		err(1, "accept");
}

int
main(int argc, char *argv[])
{
	struct sockaddr_in *addrs;
	int *lfds, ch, k = 10000, nlisten, npairs, i;

	while ((ch = getopt(argc, argv, "k:")) != -1) {
		switch (ch) {
		case 'k':
			k = load_count("sockets", optarg, 1 << 20);
			break;
		default:
			usage();
		}
	}
	load_begin(argc, k, usage);
	nlisten = (k + 9) / 10;
	npairs = (k - nlisten) / 2;
	/* An odd remainder is one listener more. */
	nlisten = k - 2 * npairs;
	if ((lfds = calloc(nlisten, sizeof(*lfds))) == NULL ||
	    (addrs = calloc(nlisten, sizeof(*addrs))) == NULL)
		err(1, NULL);
	for (i = 0; i < nlisten; i++)
		lfds[i] = listener(&addrs[i]);
	for (i = 0; i < npairs; i++)
		pair(lfds[i % nlisten], &addrs[i % nlisten]);

	printf("ready %d\n", k);
	fflush(stdout);
	wait_for_end();
	return 0;
}
