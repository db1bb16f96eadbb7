/*
 * mksocks: make sockets of the kinds named on the command line (every
 * kind if none is named), say which, and wait, so that tests can look at
 * sockets that no kernel table lists: unbound ones, ping, vsock, XDP,
 * MPTCP, and those of a network namespace their holder has left.
 *
 * usage: mksocks [-mn] [kind ...]
 *
 * It prints "pid=N", then for each socket one line "KIND FD" with
 * key=value words after it where there is more to know (a port), then
 * "ready".  A kind this kernel or this user cannot make gives "KIND -
 * why" instead.  The options:
 *
 * -n	first move into a network namespace of its own, in which every
 *	group may make ping sockets (net.ipv4.ping_group_range); the
 *	host's setting is left alone.
 * -m	last, make the sockets of a holder that moves: "here_tcp" (not
 *	bound) and "here_listen" where it started, then, in a new network
 *	namespace, "gone_tcp" (not bound) and "gone_udp" (bound), and move
 *	into a third namespace; the namespaces' inodes are printed as
 *	"netns_start=", "netns_gone=" and "netns_holder=" lines.
 *
 * It waits until its standard input reaches end of file when that is a
 * pipe, or else until it is killed.  Like mkfds, whose format it shares.
 */
#include <sys/socket.h>
#include <sys/stat.h>

#include <linux/if_ether.h>
#include <linux/netlink.h>
#include <linux/vm_sockets.h>

#include <arpa/inet.h>
#include <netinet/in.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helper.h"

#ifndef AF_XDP
#define AF_XDP		44
#endif
#ifndef IPPROTO_MPTCP
#define IPPROTO_MPTCP	262
#endif

/* What is done with a socket once made. */
enum { AS_IS, LISTEN, REFUSED, BIND };

/* One kind a row. */
static const struct kind {
	const char	*name;
	int		 family;
	int		 type;
	int		 proto;
	int		 then;
} kinds[] = {
	{ "tcp", AF_INET, SOCK_STREAM, 0, AS_IS },
	{ "tcp6", AF_INET6, SOCK_STREAM, 0, AS_IS },
	{ "tcp_refused", AF_INET, SOCK_STREAM, 0, REFUSED },
	{ "udp", AF_INET, SOCK_DGRAM, 0, AS_IS },
	{ "udp6", AF_INET6, SOCK_DGRAM, 0, AS_IS },
	{ "udplite", AF_INET, SOCK_DGRAM, IPPROTO_UDPLITE, AS_IS },
	{ "udplite6", AF_INET6, SOCK_DGRAM, IPPROTO_UDPLITE, AS_IS },
	{ "netlink", AF_NETLINK, SOCK_RAW, NETLINK_ROUTE, AS_IS },
	{ "ping", AF_INET, SOCK_DGRAM, IPPROTO_ICMP, AS_IS },
	{ "ping6", AF_INET6, SOCK_DGRAM, IPPROTO_ICMPV6, AS_IS },
	{ "vsock", AF_VSOCK, SOCK_STREAM, 0, AS_IS },
	{ "xdp", AF_XDP, SOCK_RAW, 0, AS_IS },
	{ "mptcp", AF_INET, SOCK_STREAM, IPPROTO_MPTCP, AS_IS },
	{ "mptcp6", AF_INET6, SOCK_STREAM, IPPROTO_MPTCP, AS_IS },
	{ "mptcp_listen", AF_INET, SOCK_STREAM, IPPROTO_MPTCP, LISTEN },
	{ "raw", AF_INET, SOCK_RAW, IPPROTO_TCP, AS_IS },
	{ "raw6", AF_INET6, SOCK_RAW, IPPROTO_ICMPV6, AS_IS },
	{ "packet", AF_PACKET, SOCK_RAW, 0, AS_IS },
};

static void
usage(void)
{
	fprintf(stderr, "usage: mksocks [-mn] [kind ...]\n");
	exit(2);
}

/* The local port of an inet socket. */
static unsigned
port_of(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len) == -1)
		err(1, "getsockname");
	if (ss.ss_family == AF_INET6)
		return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
	return ntohs(((struct sockaddr_in *)&ss)->sin_port);
}

static void
bind_loopback(int fd)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };

	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)) == -1)
		err(1, "bind");
}

/* A port of the loopback address that nothing listens on: one the
 * kernel gave a listener that is closed again. */
static unsigned
closed_port(void)
{
	unsigned port;
	int fd;

	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) == -1)
		err(1, "socket");
	bind_loopback(fd);
	port = port_of(fd);
	close(fd);
	return port;
}

/* Connect, and be refused: the socket stays, in no table's state. */
static void
refuse(int fd)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };

	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons(closed_port());
	if (connect(fd, (struct sockaddr *)&sin, sizeof(sin)) == 0)
		errx(1, "connect: a closed port took the connection");
	if (errno != ECONNREFUSED)
		err(1, "connect");
}

static int
make(const struct kind *k)
{
	int fd, proto = k->proto;

	if (k->family == AF_PACKET)
		proto = htons(ETH_P_ALL);
	if ((fd = socket(k->family, k->type, proto)) == -1) {
		printf("%s - %s\n", k->name, strerror(errno));
		return -1;
	}
	switch (k->then) {
	case LISTEN:
		bind_loopback(fd);
		if (listen(fd, 5) == -1)
			err(1, "listen");
		/* FALLTHROUGH */
	case BIND:
		if (k->then == BIND && k->family == AF_INET)
			bind_loopback(fd);
		printf("%s %d port=%u\n", k->name, fd, port_of(fd));
		return fd;
	case REFUSED:
		refuse(fd);
		break;
	}
	printf("%s %d\n", k->name, fd);
	return fd;
}

static const struct kind *
kind_named(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(kinds[i].name, name) == 0)
			return &kinds[i];
	return NULL;
}

static unsigned long
netns(void)
{
	struct stat st;

	if (stat("/proc/self/ns/net", &st) == -1)
		err(1, "/proc/self/ns/net");
	return (unsigned long)st.st_ino;
}

/* A network namespace of its own, where any group may ping. */
static void
own_netns(void)
{
	int fd;

	if (unshare(CLONE_NEWNET) == -1)
		err(1, "unshare");
	if ((fd = open("/proc/sys/net/ipv4/ping_group_range", O_WRONLY)) ==
	    -1)
		err(1, "ping_group_range");
	if (write(fd, "0 2147483647", 12) != 12)
		err(1, "ping_group_range");
	close(fd);
}

/* Sockets left in two namespaces by a holder that moved on. */
static void
move(void)
{
	static const struct kind here_tcp = { "here_tcp", AF_INET,
	    SOCK_STREAM, 0, AS_IS };
	static const struct kind here_listen = { "here_listen", AF_INET,
	    SOCK_STREAM, 0, LISTEN };
	static const struct kind gone_tcp = { "gone_tcp", AF_INET,
	    SOCK_STREAM, 0, AS_IS };
	static const struct kind gone_udp = { "gone_udp", AF_INET,
	    SOCK_DGRAM, 0, BIND };

	printf("netns_start=%lu\n", netns());
	make(&here_tcp);
	make(&here_listen);
	if (unshare(CLONE_NEWNET) == -1)
		err(1, "unshare");
	printf("netns_gone=%lu\n", netns());
	make(&gone_tcp);
	make(&gone_udp);
	if (unshare(CLONE_NEWNET) == -1)
		err(1, "unshare");
	printf("netns_holder=%lu\n", netns());
}

int
main(int argc, char *argv[])
{
	const struct kind *k;
	size_t i;
	int ch, moved = 0, own = 0;

	while ((ch = getopt(argc, argv, "mn")) != -1) {
		switch (ch) {
		case 'm':
			moved = 1;
			break;
		case 'n':
			own = 1;
			break;
		default:
			usage();
		}
	}
	argc = helper_operands(argc, &argv, 0, -1, usage);

	printf("pid=%d\n", (int)getpid());
	if (own)
		own_netns();
	if (argc == 0 && !moved)
		for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
			make(&kinds[i]);
	for (; argc > 0; argc--, argv++) {
		if ((k = kind_named(*argv)) == NULL)
			errx(2, "%s: unknown kind", *argv);
		make(k);
	}
	if (moved)
		move();
	helper_ready();
	helper_wait_leash();
	return 0;
}
