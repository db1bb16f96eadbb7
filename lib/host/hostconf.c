/*
 * hostconf.c: how this machine reaches the others of /host, as the user
 * set it: the hosts file (its names, in its order, and each one's
 * transport), NSTOOLS_RSH, NSTOOLS_TIMEOUT and NSTOOLS_REPLY_MAX.  Both
 * sides of a call read it: the tool, which bounds the reply, and the
 * transport helper, which alone picks the command that reaches a host
 * (rshspawn.c).
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostconf.h"
#include "hostparse.h"
#include "provider.h"

/* The default bound on one remote call, in seconds. */
#define TIMEOUT_DEFAULT	30
/* The default bound on one reply: a listing of 10,000 sockets is
 * 730 kB. */
#define REPLY_DEFAULT	(64ULL << 20)

/* The hosts file, read once. */
static struct {
	int	 loaded;
	char   **name;
	char   **transport;
	size_t	 n;
} conf;

/*
 * The hosts file.
 */

static const char *
conf_path(char *buf, size_t size)
{
	const char *dir = getenv("XDG_CONFIG_HOME"), *home;

	if (dir != NULL && *dir == '/')
		snprintf(buf, size, "%s/nstools/hosts", dir);
	else if ((home = getenv("HOME")) != NULL && *home == '/')
		snprintf(buf, size, "%s/.config/nstools/hosts", home);
	else
		return NULL;
	return buf;
}

static void
conf_load(void)
{
	char buf[PATH_MAX], *line = NULL, *name, *tr;
	size_t size = 0;
	FILE *fp;

	if (conf.loaded)
		return;
	conf.loaded = 1;
	/* No file is no host: nothing to say. */
	if (conf_path(buf, sizeof(buf)) == NULL ||
	    (fp = fopen(buf, "re")) == NULL)
		return;
	while (getline(&line, &size, fp) != -1) {
		if (ns_host_conf_line(line, &name, &tr) == -1 || *name == '-')
			continue;
		if ((conf.name = reallocarray(conf.name, conf.n + 1,
		    sizeof(*conf.name))) == NULL ||
		    (conf.transport = reallocarray(conf.transport, conf.n + 1,
		    sizeof(*conf.transport))) == NULL ||
		    (conf.name[conf.n] = strdup(name)) == NULL ||
		    (tr != NULL && (tr = strdup(tr)) == NULL))
			err(1, NULL);
		conf.transport[conf.n++] = tr;
	}
	free(line);
	fclose(fp);
}

/* The hosts file's names, in its order. */
size_t
ns_host_conf_count(void)
{
	conf_load();
	return conf.n;
}

const char *
ns_host_conf_name(size_t i)
{
	conf_load();
	return conf.name[i];
}

const char *
ns_host_transport(const char *name)
{
	const char *env;
	size_t i;

	conf_load();
	for (i = 0; i < conf.n; i++)
		if (strcmp(conf.name[i], name) == 0)
			break;
	if (i < conf.n && conf.transport[i] != NULL)
		return conf.transport[i];
	if ((env = getenv("NSTOOLS_RSH")) != NULL && *env != '\0')
		return env;
	return NULL;
}

/* A name the transport can be given: never one it would read as an
 * option. */
int
ns_host_name_ok(const char *name)
{
	return *name != '\0' && *name != '-';
}

/* NSTOOLS_TIMEOUT: whole seconds, 1 to a day, else the default. */
int
ns_rsh_timeout(void)
{
	const char *env = getenv("NSTOOLS_TIMEOUT"), *e;
	long long t;

	if (env == NULL || *env == '\0')
		return TIMEOUT_DEFAULT;
	t = strtonum(env, 1, 86400, &e);
	return e != NULL ? TIMEOUT_DEFAULT : (int)t;
}

/* NSTOOLS_REPLY_MAX: a number of bytes, with K, M or G after it for
 * KiB, MiB, GiB; from 4 KiB to 1 TiB, else the default. */
size_t
ns_rsh_reply_max(void)
{
	const char *env = getenv("NSTOOLS_REPLY_MAX");
	unsigned long long n;
	char *end;
	int shift = 0;

	if (env == NULL || *env < '0' || *env > '9')
		return REPLY_DEFAULT;
	errno = 0;
	n = strtoull(env, &end, 10);
	switch (*end) {
	case 'K': case 'k':
		shift = 10;
		break;
	case 'M': case 'm':
		shift = 20;
		break;
	case 'G': case 'g':
		shift = 30;
		break;
	case '\0':
		break;
	default:
		return REPLY_DEFAULT;
	}
	if (errno != 0 || (*end != '\0' && end[1] != '\0') ||
	    n > (1ULL << 40) >> shift || n << shift < 4096 ||
	    n << shift > SIZE_MAX / 2)
		return REPLY_DEFAULT;
	return (size_t)(n << shift);
}
