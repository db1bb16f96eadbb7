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
#include <sys/stat.h>

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define UNIT	"a\033[31m\n\\ \"\377\233'$b"
#define ARGMAX	65535
#define WAITVAR	"BIGCMD_WAIT"

static int
wait_here(void)
{
	struct stat st;
	char buf[64];

	printf("pid=%d\nready\n", (int)getpid());
	if (fflush(stdout) == EOF)
		err(1, "stdout");
	if (fstat(STDIN_FILENO, &st) == 0 && S_ISFIFO(st.st_mode)) {
		while (read(STDIN_FILENO, buf, sizeof(buf)) > 0)
			continue;
		return 0;
	}
	for (;;)
		pause();
}

int
main(int argc, char *argv[])
{
	const char *errstr, *unit = UNIT;
	size_t unitlen = strlen(UNIT), left, len, i;
	char **args;
	int n;

	if (getenv(WAITVAR) != NULL)
		return wait_here();
	if (argc != 2) {
		fprintf(stderr, "usage: bigcmd bytes\n");
		return 2;
	}
	left = (size_t)strtonum(argv[1], 9, 16 * 1024 * 1024, &errstr);
	if (errstr != NULL)
		errx(2, "bytes %s: %s", argv[1], errstr);
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
