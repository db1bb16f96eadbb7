/*
 * holdnames: hold objects whose names are hostile, for the tests of what
 * the tools print about them.
 *
 * usage: holdnames [-a name] [-c comm] [-d dir] [-f file] [-M name]
 *	      [-m file] [-p file] [-u path] ...
 *
 * The options act in the order given, each as often as it comes:
 *
 *	-a name	bind a unix stream socket to the abstract name and listen
 *	-c comm	set the process's command name (prctl PR_SET_NAME)
 *	-d dir	change the working directory, one component at a time, so
 *		that a directory deeper than PATH_MAX can be reached
 *	-f file	open the file for reading and keep it open
 *	-M name	make a memfd of that name and keep it open
 *	-m file	map the file and keep the mapping
 *	-p file	map the file privately: a FUSE file served with direct_io
 *		can be mapped no other way
 *	-u path	bind a unix stream socket to the path and listen
 *
 * Every argument may write a byte as \xHH, so that the test can give the
 * NUL bytes of an abstract name.  The helper prints "pid=N", one line
 * "FD N" for each descriptor it holds in the order made, then "ready", and
 * waits until its standard input reaches end of file when that is a pipe,
 * or else until it is killed.
 */
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ns.h"

#include "helper.h"

static void
usage(void)
{
	fprintf(stderr, "usage: holdnames [-a name] [-c comm] [-d dir] "
	    "[-f file] [-M name]\n"
	    "                 [-m file] [-p file] [-u path] ...\n");
	exit(2);
}

/*
 * Decode \xHH, NUL included, into a copy: argv itself stays as it was,
 * for the tests that read the command line.  The decoded length in *len.
 */
static char *
decode(const char *s, size_t *len)
{
	const char *p;
	char *d, *q;
	int hi, lo;

	if ((d = q = malloc(strlen(s) + 1)) == NULL)
		err(1, NULL);
	for (p = s; *p != '\0'; p++) {
		if (p[0] == '\\' && p[1] == 'x' &&
		    (hi = ns_hexval((unsigned char)p[2])) >= 0 &&
		    (lo = ns_hexval((unsigned char)p[3])) >= 0) {
			*q++ = (char)(hi << 4 | lo);
			p += 3;
		} else
			*q++ = *p;
	}
	*q = '\0';
	*len = (size_t)(q - d);
	return d;
}

static void
held(int fd)
{
	printf("FD %d\n", fd);
}

static void
listen_on(const char *name, size_t len, int abstract)
{
	struct sockaddr_un sun;
	socklen_t size;
	int fd;

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	/* An abstract name starts with the NUL that the kernel expects. */
	if (len + abstract > sizeof(sun.sun_path))
		errx(1, "socket name too long");
	memcpy(sun.sun_path + abstract, name, len);
	size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len +
	    abstract);
	if ((fd = socket(AF_UNIX, SOCK_STREAM, 0)) == -1)
		err(1, "socket");
	if (bind(fd, (struct sockaddr *)&sun, size) == -1)
		err(1, "bind");
	if (listen(fd, 1) == -1)
		err(1, "listen");
	held(fd);
}

/* chdir(2) wants a path shorter than PATH_MAX; a component is. */
static void
change_dir(char *path)
{
	char *s;

	if (*path == '/' && chdir("/") == -1)
		err(1, "/");
	while ((s = strsep(&path, "/")) != NULL)
		if (*s != '\0' && chdir(s) == -1)
			err(1, "chdir %s", s);
}

static void
map_file(const char *path, int flags)
{
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		err(1, "open");
	if (mmap(NULL, 1, PROT_READ, flags, fd, 0) == MAP_FAILED)
		err(1, "mmap");
	close(fd);
}

int
main(int argc, char *argv[])
{
	size_t len;
	char *arg;
	int ch, fd;

	printf("pid=%d\n", (int)getpid());
	while ((ch = getopt(argc, argv, "a:c:d:f:M:m:p:u:")) != -1) {
		if (optarg == NULL)
			usage();
		arg = decode(optarg, &len);
		switch (ch) {
		case 'a':
			listen_on(arg, len, 1);
			break;
		case 'c':
			if (prctl(PR_SET_NAME, arg, 0, 0, 0) == -1)
				err(1, "prctl");
			break;
		case 'd':
			change_dir(arg);
			break;
		case 'f':
			if ((fd = open(arg, O_RDONLY)) == -1)
				err(1, "open");
			held(fd);
			break;
		case 'M':
			if ((fd = memfd_create(arg, 0)) == -1)
				err(1, "memfd_create");
			if (ftruncate(fd, 1) == -1)
				err(1, "ftruncate");
			held(fd);
			break;
		case 'm':
			map_file(arg, MAP_SHARED);
			break;
		case 'p':
			map_file(arg, MAP_PRIVATE);
			break;
		case 'u':
			listen_on(arg, len, 0);
			break;
		default:
			usage();
		}
		free(arg);
	}
	if (optind != argc)
		usage();
	helper_ready();
	helper_wait_leash();
	return 0;
}
