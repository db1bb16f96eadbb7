/*
 * bigcmd: a process with a huge command line, for the tests of how the
 * tools print one.
 *
 * usage: bigcmd bytes
 *
 * It executes itself again with arguments that make /proc/PID/cmdline
 * exactly bytes long: "bigcmd" and then arguments of at most 65535 bytes
 * (a single argument may not pass 128 KiB), each filled from the start
 * with the 16-byte unit UNIT below, which holds an escape sequence, a
 * newline, a backslash, a blank, quotes and bytes that are not UTF-8.
 * Then it prints "pid=N" and "ready" and waits until its standard input
 * reaches end of file when that is a pipe, or else until it is killed.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helper.h"

#define UNIT	"a\033[31m\n\\ \"\377\233'$b"
#define ARGMAX	65535
#define WAITVAR	"BIGCMD_WAIT"

static int
wait_here(void)
{
	printf("pid=%d\n", (int)getpid());
	helper_ready();
	helper_wait_leash();
	return 0;
}

int
main(int argc, char *argv[])
{
	const char *unit = UNIT;
	size_t unitlen = strlen(UNIT), left, len, i;
	char **args;
	int n;

	if (getenv(WAITVAR) != NULL)
		return wait_here();
	if (argc != 2) {
		fprintf(stderr, "usage: bigcmd bytes\n");
		return 2;
	}
	left = (size_t)helper_number("bytes", argv[1], 9, 16 * 1024 * 1024);
	left -= sizeof("bigcmd");

	if ((args = calloc(left / ARGMAX + 3, sizeof(*args))) == NULL)
		err(1, NULL);
	args[0] = "bigcmd";
	for (n = 1; left > 0; n++) {
		/* Each argument takes its NUL from what is left; an
		 * argument of one byte would be empty and is folded in. */
		len = left - 1 > ARGMAX ? ARGMAX : left - 1;
		if (left - 1 - len == 1)
			len--;
		if ((args[n] = malloc(len + 1)) == NULL)
			err(1, NULL);
		for (i = 0; i < len; i++)
			args[n][i] = unit[i % unitlen];
		args[n][len] = '\0';
		left -= len + 1;
	}
	args[n] = NULL;
	if (setenv(WAITVAR, "1", 1) == -1)
		err(1, "setenv");
	execv("/proc/self/exe", args);
	err(1, "execv");
}
