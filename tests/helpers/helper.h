/*
 * helper.h: what the test helpers (mkfds, mksocks, holdnames, ...) share:
 * the numbers of their command lines, the "ready" line the tests wait
 * for, and the two ways a helper is ended: the test closes the pipe on
 * its standard input (its leash), or a signal comes.  Static inline, so
 * that each helper stays one file that builds alone.
 */
#ifndef HELPER_H
#define HELPER_H

#include <sys/stat.h>

#include <err.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set once SIGTERM or SIGINT came, after helper_catch_end(). */
static volatile sig_atomic_t helper_ended;

/* A number from the command line, or exit 2 naming what it is for. */
static inline long long
helper_number(const char *what, const char *arg, long long min,
    long long max)
{
	const char *errstr;
	long long n;

	n = strtonum(arg, min, max, &errstr);
	if (errstr != NULL)
		errx(2, "%s %s: %s", what, arg, errstr);
	return n;
}

/*
 * The operands after the options getopt(3) has read: their number, and
 * *argv moved to the first.  Fewer than min or more than max (-1: no
 * limit) is a wrong command line, for usage() to say so and exit.
 */
static inline int
helper_operands(int argc, char ***argv, int min, int max,
    void (*usage)(void))
{
	argc -= optind;
	*argv += optind;
	if (argc < min || (max >= 0 && argc > max))
		usage();
	return argc;
}

/* Tell the test that everything is in place: it reads up to this line. */
static inline void
helper_ready(void)
{
	puts("ready");
	if (fflush(stdout) == EOF)
		err(1, "stdout");
}

/*
 * A pipe on standard input is the test's leash: return once it reaches
 * end of file.  Anything else (such as the /dev/null a background job
 * gets) is not, and then only a signal ends the helper.
 */
static inline void
helper_wait_leash(void)
{
	struct stat st;
	char buf[64];

	if (fstat(STDIN_FILENO, &st) == 0 && S_ISFIFO(st.st_mode)) {
		while (read(STDIN_FILENO, buf, sizeof(buf)) > 0)
			continue;
		return;
	}
	for (;;)
		pause();
}

static inline void
helper_on_end(int sig)
{
	(void)sig;
	helper_ended = 1;
}

/* Let SIGTERM and SIGINT set helper_ended, for a helper that must clean
 * up before it goes. */
static inline void
helper_catch_end(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = helper_on_end;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGTERM, &sa, NULL) == -1 ||
	    sigaction(SIGINT, &sa, NULL) == -1)
		err(1, "sigaction");
}

#endif
