/*
 * fdinfo: every descriptor, what it refers to as a path, and every
 * other descriptor that holds the same object.
 *
 * With no path, it lists the descriptors of every process (or of -p's);
 * with paths, the descriptors of any process that hold each object the
 * paths name.  Options and glue only: what a descriptor is, fd.c knows.
 */
#include <sys/socket.h>

#include <arpa/inet.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tool.h"
#include "ns.h"
#include "fdwalk.h"

#define DEFAULT_COLUMNS	"pid,comm,user,assoc,mode,kind,object,name"
#define TYPES_COLUMNS	"kind,form,supports,summary"

enum { OPT_TYPES = CHAR_MAX + 1, OPT_SUMMARY };

/* A counter of --summary: rows -C's expression matches, or, with no
 * -C, the rows of one KIND. */
struct counter {
	char		*label;
	struct ns_query	*expr;		/* NULL: by KIND */
	unsigned long	 n;
};

struct run {
	struct ns_out		*out;
	struct ns_fd_select	 sel;
	struct ns_query		*filter;	/* -Q, for rows not printed */
	enum { SUM_NEVER, SUM_ONLY, SUM_APPEND } summary;
	struct counter		*ctr;
	size_t			 nctr;
	int			 bykind;	/* no -C: one counter a KIND */
};

static void	usage(int);

static struct counter *
counter_add(struct run *r, const char *label, struct ns_query *expr)
{
	struct counter *c;

	r->ctr = ns_xreallocarray(r->ctr, r->nctr + 1, sizeof(*r->ctr));
	c = &r->ctr[r->nctr++];
	c->label = ns_xstrdup(label);
	c->expr = expr;
	c->n = 0;
	return c;
}

static void
count(struct run *r, struct ns_obj *o)
{
	size_t i, n;
	char *kind;

	if (!r->bykind) {
		for (i = 0; i < r->nctr; i++)
			if (ns_filter_match(r->ctr[i].expr, o))
				r->ctr[i].n++;
		return;
	}
	if ((kind = ns_obj_attr(o, "kind", &n)) == NULL)
		return;
	for (i = 0; i < r->nctr; i++)
		if (strcmp(r->ctr[i].label, kind) == 0)
			break;
	(i < r->nctr ? &r->ctr[i] : counter_add(r, kind, NULL))->n++;
	free(kind);
}

static int
row(struct ns_obj *o, void *arg)
{
	struct run *r = arg;

	if (r->summary != SUM_NEVER) {
		/* -Q's rows only: ns_out_row drops the others itself. */
		if (!ns_filter_match(r->filter, o))
			return 0;
		count(r, o);
		if (r->summary == SUM_ONLY)
			return 0;
	}
	if (ns_out_row(r->out, o) == -1)
		err(1, "stdout");
	return 0;
}

/* -C LABEL:EXPR, as lsfd takes it.  A label is a word a table, a
 * shell and JSON all print as it is. */
static void
parse_counter(struct run *r, const char *arg)
{
	const char *colon = strchr(arg, ':'), *s;
	struct ns_query *q;
	char *label, *quoted;

	for (s = arg; colon != NULL && s < colon; s++)
		if (*s <= ' ' || *s > '~' || *s == '"' || *s == '\\')
			break;
	if (colon == NULL || colon == arg || s < colon) {
		if ((quoted = ns_quote(arg)) == NULL)
			err(1, NULL);
		warnx("-C %s: not LABEL:EXPR, a label of printable "
		    "characters but blanks, \" and \\", quoted);
		free(quoted);
		usage(2);
	}
	if ((q = ns_filter_new(colon + 1)) == NULL)
		exit(2);
	label = ns_xstrndup(arg, colon - arg);
	counter_add(r, label, q);
	free(label);
}

static void
free_counters(struct run *r)
{
	size_t i;

	for (i = 0; i < r->nctr; i++) {
		free(r->ctr[i].label);
		ns_filter_free(r->ctr[i].expr);
	}
	free(r->ctr);
	r->ctr = NULL;
	r->nctr = 0;
}

/* The counters, as lsfd --summary prints them: VALUE and COUNTER, in
 * the format of the listing. */
static void
print_summary(struct run *r, enum ns_format fmt, int noheadings)
{
	size_t i;

	if (fmt == NS_FMT_JSON) {
		printf("{\n   \"fdinfo-summary\": [");
		for (i = 0; i < r->nctr; i++)
			printf("%s\n      {\"value\": %lu, \"counter\": "
			    "\"%s\"}", i > 0 ? "," : "", r->ctr[i].n,
			    r->ctr[i].label);
		printf("%s]\n}\n", r->nctr > 0 ? "\n   " : "");
		return;
	}
	if (r->summary == SUM_APPEND && fmt == NS_FMT_TABLE)
		putchar('\n');
	if (!noheadings && fmt != NS_FMT_PAIRS)
		printf(fmt == NS_FMT_TABLE ? "%7s %s\n" : "%s %s\n", "VALUE",
		    "COUNTER");
	for (i = 0; i < r->nctr; i++) {
		if (fmt == NS_FMT_PAIRS)
			printf("VALUE=\"%lu\" COUNTER=\"%s\"\n", r->ctr[i].n,
			    r->ctr[i].label);
		else
			printf(fmt == NS_FMT_TABLE ? "%7lu %s\n" : "%lu %s\n",
			    r->ctr[i].n, r->ctr[i].label);
	}
}

/*
 * A mount point, a mount or a mounted block device asks, as fuser -m
 * does, for everything on the file system: each descriptor and (with -a)
 * each cwd, root, program and mapping whose file lies on a mount of that
 * file system, whichever of its mounts it was reached through.
 */
struct busy {
	struct run	 *r;
	char		**mounts;	/* the file system's, by path */
	size_t		  n;
	char		 *dev;		/* its MAJ:MIN */
};

/* The first value of an attribute, malloc'd, or NULL. */
static char *
first(struct ns_obj *o, const char *name)
{
	size_t n;

	return ns_obj_attr(o, name, &n);
}

static int
take_mount(struct ns_obj *m, void *arg)
{
	struct busy *b = arg;
	char *dev;

	if ((dev = first(m, "dev")) != NULL && strcmp(dev, b->dev) == 0) {
		if ((b->mounts = reallocarray(b->mounts, b->n + 1,
		    sizeof(*b->mounts))) == NULL ||
		    (b->mounts[b->n++] = strdup(ns_obj_path(m))) == NULL)
			err(1, NULL);
	}
	free(dev);
	return 0;
}

/* The MAJ:MIN of the file system the object stands for, malloc'd, or
 * NULL if it is none: a mount, the root of one, a block device that is
 * mounted. */
static char *
fs_of(struct ns_obj *o)
{
	struct ns_obj *m;
	char *mount, *target, *dev = NULL, *maj, *min;

	if (strncmp(ns_obj_path(o), "/mount/", 7) == 0)
		return first(o, "dev");
	if (strncmp(ns_obj_path(o), "/dev/block/", 11) == 0) {
		if ((mount = first(o, "mounts")) != NULL &&
		    (maj = first(o, "major")) != NULL) {
			if ((min = first(o, "minor")) != NULL &&
			    asprintf(&dev, "%s:%s", maj, min) == -1)
				err(1, NULL);
			free(min);
			free(maj);
		}
		free(mount);
		return dev;
	}
	if (strncmp(ns_obj_path(o), "/fs", 3) != 0 ||
	    (mount = first(o, "mount")) == NULL)
		return NULL;
	if ((m = ns_resolve(mount)) != NULL &&
	    (target = first(m, "target")) != NULL) {
		if (strcmp(target, ns_obj_path(o)) == 0)
			dev = first(m, "dev");
		free(target);
	}
	ns_obj_free(m);
	free(mount);
	return dev;
}

/* A row whose file lies on one of the mounts: its own mount, or, for
 * an association, its object's. */
static int
busy_row(struct ns_obj *o, void *arg)
{
	struct busy *b = arg;
	struct ns_obj *obj;
	char *mount, *object;
	size_t i;

	/* Only a file is on a mount: a namespace or a socket an
	 * association names is not looked up. */
	if ((mount = first(o, "mount")) == NULL &&
	    (object = first(o, "object")) != NULL) {
		if (strncmp(object, "/fs", 3) == 0 &&
		    (object[3] == '/' || object[3] == '\0') &&
		    (obj = ns_resolve(object)) != NULL) {
			mount = first(obj, "mount");
			ns_obj_free(obj);
		}
		free(object);
	}
	for (i = 0; mount != NULL && i < b->n; i++)
		if (strcmp(mount, b->mounts[i]) == 0) {
			row(o, b->r);
			break;
		}
	free(mount);
	return 0;
}

static void
busy_walk(struct run *r, char *dev)
{
	struct busy b = { .r = r, .dev = dev };
	struct ns_obj *top;

	if ((top = ns_resolve("/mount")) != NULL)
		(void)ns_list(top, take_mount, &b);
	ns_obj_free(top);
	if (b.n > 0)
		ns_fd_walk(&r->sel, busy_row, &b);
	ns_free_strings(b.mounts, b.n);
}

static int
holders_arg(const char *input, void *arg)
{
	struct run *r = arg;
	struct ns_obj *o;
	char *dev;

	if ((o = ns_resolve(input)) == NULL) {
		ns_warn_input(input, errno);
		return 1;
	}
	/* A device is also held as itself: those first. */
	if ((dev = fs_of(o)) == NULL ||
	    strncmp(ns_obj_path(o), "/dev/", 5) == 0)
		ns_fd_walk_holders(ns_obj_path(o), &r->sel, row, r);
	if (dev != NULL)
		busy_walk(r, dev);
	free(dev);
	ns_obj_free(o);
	return 0;
}

/* "1,42,1234": each a pid.  A pid of no process is no usage error: it
 * is said when its descriptors are listed, as a path that names nothing
 * is. */
static void
parse_pids(struct ns_fd_select *sel, char *list)
{
	uint64_t *pids = NULL, pid;
	size_t n = 0;
	const char *errstr;
	char **v, *s;

	if ((v = ns_optlist('p', "process id", list)) == NULL)
		usage(2);
	for (; v[n] != NULL; n++) {
		pid = strtonum(v[n], 1, INT_MAX, &errstr);
		/* A sign, a blank or a leading zero would give a process
		 * another name. */
		if (errstr != NULL || v[n][0] < '1' || v[n][0] > '9') {
			if ((s = ns_quote(v[n])) == NULL)
				err(1, NULL);
			warnx("%s: not a process id", s);
			free(s);
			free(pids);
			free(v);
			usage(2);
		}
		pids = ns_xreallocarray(pids, n + 1, sizeof(*pids));
		pids[n] = pid;
	}
	free(v);
	free((void *)sel->pids);
	sel->pids = pids;
	sel->npids = n;
}

/* The names of the descriptor kinds, as --types lists them. */
struct kinds {
	char	**name;
	size_t	  n;
};

static int
take_kind(struct ns_obj *o, void *arg)
{
	struct kinds *k = arg;

	if ((k->name = reallocarray(k->name, k->n + 1,
	    sizeof(*k->name))) == NULL ||
	    (k->name[k->n] = strdup(ns_obj_path(o))) == NULL)
		err(1, NULL);
	k->n++;
	return 0;
}

/* Whether -t's name is a kind of the catalog, in any case as fd.c
 * compares them; SOCK is every socket, whatever its protocol. */
static int
known_kind(const struct kinds *k, const char *name)
{
	size_t i;

	if (strcasecmp(name, "SOCK") == 0)
		return 1;
	for (i = 0; i < k->n; i++)
		if (strcasecmp(k->name[i], name) == 0)
			return 1;
	return 0;
}

/* "fdinfo: -t: unknown type 'x' (valid: REG, DIR, ..., SOCK)", the
 * valid ones being the catalog --types prints. */
static void
kinds_free(struct kinds *k)
{
	ns_free_strings(k->name, k->n);
}

static void
bad_kind(struct kinds *k, char **v, const char *name)
{
	char *q;
	size_t i;

	if ((q = ns_quote(name)) == NULL)
		err(1, NULL);
	fprintf(stderr, "%s: -t: unknown type '%s' (valid: ",
	    getprogname(), q);
	for (i = 0; i < k->n; i++)
		fprintf(stderr, "%s, ", k->name[i]);
	fprintf(stderr, "SOCK)\n");
	free(q);
	kinds_free(k);
	free(v);
	usage(2);
}

static void
parse_kinds(struct ns_fd_select *sel, char *list)
{
	struct kinds k = { 0 };
	char **v;
	size_t n;

	if ((v = ns_optlist('t', "type", list)) == NULL)
		usage(2);
	ns_fd_walk_types(take_kind, &k);
	for (n = 0; v[n] != NULL; n++)
		if (!known_kind(&k, v[n]))
			bad_kind(&k, v, v[n]);
	kinds_free(&k);
	free(sel->kinds);
	sel->kinds = v;
	sel->nkinds = n;
}

static int
list_pids(struct run *r)
{
	size_t i;
	int rval = 0;

	for (i = 0; i < r->sel.npids; i++) {
		if (ns_fd_walk_pid(r->sel.pids[i], &r->sel, row, r) == -1) {
			warnx("%llu: %s", (unsigned long long)r->sel.pids[i],
			    errno == ENOENT ? "no such process" :
			    strerror(errno));
			rval = 1;
		}
	}
	return rval;
}

/*
 * -i [46][PROTO][@HOST][:PORT], as lsof -i takes it: the Internet
 * sockets of that protocol (TCP, UDP, UDP-Lite, MPTCP, or any), version
 * of IP, address and port, local or remote.  It is made a -Q expression
 * over kind, local and remote, joined to the user's with &&; a name of
 * a host or a service is looked up here, before the sandbox.
 */
static void
regex_add(FILE *fp, const char *s)
{
	/* A numeric address has digits, hex letters, ':', '%' and '.',
	 * the one special byte: no backslash, which a -Q string drops. */
	for (; *s != '\0'; s++)
		fputs(*s == '.' ? "[.]" : (char []){ *s, '\0' }, fp);
}

/* One end's match: KEY =~ "^ADDR:PORT$", the address bracketed if IPv6,
 * any address where a is NULL, any port where port is empty. */
static void
end_match(FILE *fp, const char *key, const struct addrinfo *a,
    const char *addr, const char *port)
{
	fprintf(fp, "%s =~ \"^", key);
	if (a == NULL)
		fputs(".*", fp);
	else if (a->ai_family == AF_INET6) {
		fputs("[[]", fp);
		regex_add(fp, addr);
		fputs("[]]", fp);
	} else
		regex_add(fp, addr);
	fprintf(fp, ":%s$\"", *port ? port : ".*");
}

static void
inet_bad(const char *spec, const char *why)
{
	char *q;

	if ((q = ns_quote(spec)) == NULL)
		err(1, NULL);
	warnx("-i %s: %s", q, why);
	free(q);
	usage(2);
}

static char *
inet_filter(const char *spec)
{
	static const char *const protos[] = {
		"tcp", "TCP", "TCPv6", "udp", "UDP", "UDPv6",
		"udplite", "UDP-Lite", "UDPLITEv6", "mptcp", "MPTCP", "MPTCPv6",
	};
	struct addrinfo hints = { 0 }, *ai, *a;
	char proto[16], host[256], port[64], addr[INET6_ADDRSTRLEN];
	const char *s = spec, *at, *colon;
	struct servent *se;
	size_t i, n, nalt = 0;
	const char *errstr;
	long long pnum;
	char *expr, *end;
	int ver = 0, first;
	FILE *fp;

	if (*s == '4' || *s == '6')
		ver = *s++ - '0';
	n = strcspn(s, "@:");
	if (n >= sizeof(proto))
		inet_bad(spec, "no such protocol");
	memcpy(proto, s, n);
	proto[n] = '\0';
	s += n;
	host[0] = port[0] = '\0';
	if (*s == '@') {
		at = s + 1;
		/* [v6]:port, or v4/name:port */
		if (*at == '[') {
			if ((end = strchr(at, ']')) == NULL)
				inet_bad(spec, "no ] after the address");
			n = end - at - 1;
			at++;
			colon = end[1] == ':' ? end + 1 : end + 1 + strlen(end + 1);
		} else {
			n = strcspn(at, ":");
			colon = at + n;
		}
		if (n == 0 || n >= sizeof(host))
			inet_bad(spec, "no host");
		memcpy(host, at, n);
		host[n] = '\0';
		s = colon;
	}
	if (*s == ':') {
		if (s[1] == '\0')
			inet_bad(spec, "no port");
		if (strspn(s + 1, "0123456789") == strlen(s + 1)) {
			/* A port is 16 bits: one past them would match
			 * nothing, or wrap to another port. */
			pnum = strtonum(s + 1, 0, 65535, &errstr);
			if (errstr != NULL)
				inet_bad(spec, "a port is 0 to 65535");
			snprintf(port, sizeof(port), "%lld", pnum);
		} else if ((se = getservbyname(s + 1, *proto != '\0' ?
		    proto : NULL)) != NULL)
			snprintf(port, sizeof(port), "%d", ntohs(se->s_port));
		else
			inet_bad(spec, "no such service");
	} else if (*s != '\0')
		inet_bad(spec, "not [46][PROTO][@HOST][:PORT]");

	if ((fp = open_memstream(&expr, &n)) == NULL)
		err(1, NULL);
	fputc('(', fp);
	for (i = first = 0; i < sizeof(protos) / sizeof(protos[0]); i += 3) {
		if (*proto != '\0' && strcasecmp(proto, protos[i]) != 0)
			continue;
		if (ver != 6)
			fprintf(fp, "%skind == \"%s\"", first++ ? " || " : "",
			    protos[i + 1]);
		if (ver != 4)
			fprintf(fp, "%skind == \"%s\"", first++ ? " || " : "",
			    protos[i + 2]);
	}
	if (!first)
		inet_bad(spec, "no such protocol: tcp, udp, udplite or mptcp");
	fputc(')', fp);
	if (*host != '\0' || *port != '\0') {
		fputs(" && (", fp);
		if (*host != '\0') {
			hints.ai_family = ver == 4 ? AF_INET :
			    ver == 6 ? AF_INET6 : AF_UNSPEC;
			hints.ai_socktype = SOCK_STREAM;
			if (getaddrinfo(host, NULL, &hints, &ai) != 0)
				inet_bad(spec, "no such host");
		} else
			ai = NULL;
		for (a = ai; a != NULL || (ai == NULL && nalt == 0);
		    a = a != NULL ? a->ai_next : NULL) {
			if (a != NULL)
				getnameinfo(a->ai_addr, a->ai_addrlen, addr,
				    sizeof(addr), NULL, 0, NI_NUMERICHOST);
			fprintf(fp, "%s", nalt++ ? " || " : "");
			end_match(fp, "local", a, addr, port);
			fputs(" || ", fp);
			end_match(fp, "remote", a, addr, port);
			if (a == NULL)
				break;
		}
		if (ai != NULL)
			freeaddrinfo(ai);
		fputc(')', fp);
	}
	fclose(fp);
	return expr;
}

/* -i's expression, alone or after the user's -Q. */
static void
inet_join(struct ns_outopts *oo, char *inet)
{
	char *both;

	if (oo->filter_text != NULL) {
		if (asprintf(&both, "(%s) && %s", oo->filter_text, inet) == -1)
			err(1, NULL);
		free(inet);
		inet = both;
	}
	ns_filter_free(oo->filter);
	if ((oo->filter = ns_filter_new(inet)) == NULL)
		errx(2, "-i: %s", inet);
	free(inet);
	oo->filter_text = NULL;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "all",		no_argument,		NULL, 'a' },
		{ "pid",		required_argument,	NULL, 'p' },
		{ "type",		required_argument,	NULL, 't' },
		{ "inet",		required_argument,	NULL, 'i' },
		NS_TABLE_LONGOPTS,
		{ "types",		no_argument,	NULL,	OPT_TYPES },
		{ "summary",		optional_argument, NULL, OPT_SUMMARY },
		{ "counter",		required_argument, NULL, 'C' },
		NS_LAST_LONGOPTS
	};
	static const struct ns_tool tool = { "fdinfo",
	    "aC:i:p:t:" NS_TABLE_OPTS NS_HELP_OPTS, longopts, usage };
	struct ns_outopts oo = { NS_FMT_TABLE, 0, NULL };
	struct run r = { 0 };
	char *inet = NULL;
	int ch, types = 0, rval = 0;

	while ((ch = ns_getopt(&tool, argc, argv, &oo)) != -1) {
		switch (ch) {
		case 'a':
			r.sel.assoc = 1;
			break;
		case 'i':
			free(inet);
			inet = inet_filter(optarg);
			break;
		case 'p':
			parse_pids(&r.sel, optarg);
			break;
		case 't':
			parse_kinds(&r.sel, optarg);
			break;
		case OPT_TYPES:
			types = 1;
			break;
		case 'C':
			parse_counter(&r, optarg);
			break;
		case OPT_SUMMARY:
			if (optarg == NULL || strcmp(optarg, "only") == 0)
				r.summary = SUM_ONLY;
			else if (strcmp(optarg, "append") == 0)
				r.summary = SUM_APPEND;
			else if (strcmp(optarg, "never") == 0)
				r.summary = SUM_NEVER;
			else {
				if ((optarg = ns_quote(optarg)) == NULL)
					err(1, NULL);
				warnx("--summary=%s: only, append or never",
				    optarg);
				free(optarg);
				usage(2);
			}
			break;
		}
	}
	argc -= optind;
	argv += optind;
	if (inet != NULL)
		inet_join(&oo, inet);
	ns_sandbox_args(argc, argv);

	if (oo.helpcols) {
		free((void *)r.sel.pids);
		free(r.sel.kinds);
		free_counters(&r);
		/* -i's filter, made after the options, -Q's let go. */
		ns_filter_free(oo.filter);
		return ns_out_help_of(types ? "fdkind" : "fd,assoc", oo.fmt,
		    oo.noheadings) == 0 ? 0 : 1;
	}
	/* lsfd counts by type when no -C says what to count. */
	r.bykind = r.nctr == 0;
	r.filter = oo.filter;
	if (r.summary == SUM_APPEND && oo.fmt == NS_FMT_JSON) {
		warnx("--summary=append: not with -J, which writes one "
		    "document; --summary=only is");
		usage(2);
	}
	if (types)
		r.summary = SUM_NEVER;
	r.out = ns_out_new(oo.fmt, oo.noheadings, types ? "types" : "fds");
	ns_out_flags(r.out, oo.flags);
	if (ns_out_columns(r.out, oo.columns,
	    types ? TYPES_COLUMNS : DEFAULT_COLUMNS) == -1)
		usage(2);
	ns_out_filter(r.out, oo.filter);
	if (types)
		ns_fd_walk_types(row, &r);
	else if (argc > 0)
		rval = ns_each_arg(argc, argv, holders_arg, &r) ? 1 : 0;
	else if (r.sel.pids != NULL)
		rval = list_pids(&r);
	else
		ns_fd_walk(&r.sel, row, &r);
	free((void *)r.sel.pids);
	free(r.sel.kinds);
	if (r.summary != SUM_NEVER) {
		/* The listing first, if any, then the counters. */
		if (r.summary == SUM_APPEND && ns_out_flush(r.out) == -1)
			err(1, "stdout");
		ns_out_free(r.out);
		r.out = NULL;
		print_summary(&r, oo.fmt, oo.noheadings);
	}
	free_counters(&r);
	return ns_finish(r.out, oo.filter, rval);
}

static void
usage(int status)
{
	ns_usage(status,
	    "usage: fdinfo [-a] [-p pid,...] [-t type,...] [-o list] "
	    "[-Q expr]\n"
	    "              [-i [46][proto][@host][:port]] [-C label:expr]\n"
	    "              [--summary[=when]] [-JPrnby] [-H] [--types] "
	    "[path ...]\n",
	    "\nList file descriptors, what each refers to as a path, "
	    "and the holders of\nobjects.\n\n"
	    " -a, --all           also cwd, root, exe, mapped files "
	    "and namespaces\n"
	    " -p, --pid LIST      only these processes\n"
	    " -t, --type LIST     only these kinds (REG, FIFO, TCP, "
	    "eventfd, SOCK...)\n"
	    " -i, --inet SPEC     only Internet sockets, as lsof -i "
	    "selects them\n"
	    " -o, --output LIST   columns (+LIST adds to the default)\n"
	    "     --summary[=WHEN]\n"
	    "                     counts, by KIND or -C's: only (the "
	    "default), append,\n                     never\n"
	    " -C, --counter LABEL:EXPR\n"
	    "                     count the rows EXPR matches as LABEL\n"
	    " -Q, --filter EXPR   only what EXPR matches, "
	    "as lsfd -Q does\n"
	    NS_USAGE_FORMATS
	    NS_USAGE_VALUES
	    NS_USAGE_HEADINGS
	    "     --types         the kinds of descriptor and what "
	    "each does\n"
	    NS_USAGE_HELP
	    "\nA path lists the descriptors that hold its object; "
	    "- reads paths from\nstandard input.  "
	    "See fdinfo(1) and nstools(7).\n");
}
