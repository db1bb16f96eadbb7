/*
 * load.h: what the load generators (fdload, sockload) share: the
 * counts of their command lines, room for the descriptors they hold, and
 * the wait, once ready, until bench/run closes their standard input or a
 * signal ends them.
 */
#ifndef LOAD_H
#define LOAD_H

#include <sys/resource.h>

#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

/* A count from the command line, from 1 to max, or exit 2 naming what
 * it counts. */
static int
load_count(const char *what, const char *arg, int max)
{
	const char *errstr;
	int n;

	n = strtonum(arg, 1, max, &errstr);
	if (errstr != NULL)
		errx(2, "%s %s: %s", what, arg, errstr);
	return n;
}

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* Interrupted reads, not restarted ones, let a signal end a wait. */
static void
catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Room for n descriptors, beside the few every process has. */
static void
raise_nofile(int n)
{
	struct rlimit rl;
	rlim_t want = (rlim_t)n + 16;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1)
		err(1, "getrlimit");
	if (rl.rlim_cur >= want)
		return;
	rl.rlim_cur = want;
	if (rl.rlim_max < want)
		rl.rlim_max = want;
	if (setrlimit(RLIMIT_NOFILE, &rl) == -1)
		err(1, "setrlimit RLIMIT_NOFILE to %llu",
		    (unsigned long long)want);
}

/* What a load does once its options are read: no operand may follow
 * them (else usage() says so and exits), a signal ends its wait, and it
 * has room for n descriptors. */
static void
load_begin(int argc, int n, void (*usage)(void))
{
	if (optind != argc)
		usage();
	catch_signals();
	raise_nofile(n);
}

/* Until standard input closes or a signal comes. */
static void
wait_for_end(void)
{
	char buf[256];
	ssize_t r;

	while (!stop) {
		r = read(STDIN_FILENO, buf, sizeof(buf));
		if (r == 0 || (r == -1 && errno != EINTR))
			break;
	}
}

#endif
