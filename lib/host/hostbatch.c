/*
 * hostbatch.c: many objects of another machine in one call: the inputs
 * of a tool, asked of each machine in batches of paths and of several
 * machines at once (ns_prefetch), the descriptors that hold an object
 * (ns_host_holders, for fdinfo) and a tree (ns_host_tree, for devtree).
 *
 * A prefetch only saves calls: what a batch does not find, the lookup
 * asks again and says, but for the paths the remote said are no object,
 * which are kept as records of nothing and fail at once.  The rows of
 * a call that names many objects are kept as any reply's are
 * (host.c), checked the same way.
 */
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "host.h"
#include "hostcall.h"
#include "hostparse.h"
#include "rsh.h"

/* The longest remote command line a prefetch sends: well below the 128
 * KiB a remote shell's one argument may hold. */
#define BATCH_BYTES	65536
/* How many calls of a prefetch run at once. */
#define FANOUT		16

/*
 * The local path an input names, if it is a plain path of a machine of
 * /host: no "." or ".." or empty component for the resolver to fold.
 * malloc'd raw bytes, or NULL.
 */
static char *
plain_host_path(const char *input)
{
	char *s, *c, *next;
	int n = 0;

	if (strncmp(input, "/host/", 6) != 0 || (s = strdup(input)) == NULL)
		return NULL;
	ns_unescape(s);
	for (c = s + 1; c != NULL; c = next, n++) {
		if ((next = strchr(c, '/')) != NULL)
			next++;
		if (*c == '/' || *c == '\0' || strncmp(c, "./", 2) == 0 ||
		    strncmp(c, "../", 3) == 0 || strcmp(c, ".") == 0 ||
		    strcmp(c, "..") == 0 || (n == 1 && *c == '-')) {
			free(s);
			return NULL;
		}
	}
	/* /host alone needs no call; /host/NAME is its root's. */
	if (n < 2) {
		free(s);
		return NULL;
	}
	return s;
}

/* Each "PROG: PATH: no such object" of a reply: a record of nothing,
 * so that the lookup of PATH fails at once.  PATH is as the remote tool
 * printed what it was given, the escaped path, escaped once more. */
static void
note_missing(struct rhost *h, const struct rsh_reply *r)
{
	const char *line = r->errs, *nl, *p;
	struct rec *rec;
	char *what, *path;
	size_t len;

	for (; *line != '\0'; line = nl + 1) {
		if ((nl = strchr(line, '\n')) == NULL)
			nl = line + strlen(line);
		len = (size_t)(nl - line);
		if (len > 16 && memcmp(nl - 16, ": no such object", 16) == 0 &&
		    (p = memchr(line, ':', len)) != NULL && p[1] == ' ' &&
		    p + 2 < nl - 16) {
			what = ns_xstrndup(p + 2, (size_t)(nl - 16 - p - 2));
			/* The quote undone: the path as it was sent. */
			ns_unescape(what);
			path = ns_hostobj_local_path(h, what);
			free(what);
			if (path != NULL && ns_hostobj_find(path) == NULL) {
				rec = ns_xcalloc(sizeof(*rec));
				rec->path = path;
				ns_hostobj_add(rec, ns_hostobj_hash(path));
			} else
				free(path);
		}
		if (*nl == '\0')
			break;
	}
}

/* One nscat call of a prefetch: a host and the remote paths it is
 * asked for, args[3..]. */
struct job {
	struct rhost	*h;
	const char	**args;
	struct rsh_call	 c;
	int		 started;
};

static void
jobs_add(struct job **jobs, size_t *n, struct rhost *h, const char **args,
    size_t k)
{
	const char **a;

	a = ns_xcallocarray(k + 4, sizeof(*a));
	memcpy(a, args, (k + 3) * sizeof(*a));
	*jobs = ns_xreallocarray(*jobs, *n + 1, sizeof(**jobs));
	(*jobs)[(*n)++] = (struct job){ .h = h, .args = a };
}

/* The inputs of one host, from the first that names it on: their
 * remote paths, in calls of BATCH_BYTES at most, as jobs. */
static void
prefetch_host(struct rhost *h, char **paths, size_t n, struct job **jobs,
    size_t *njobs)
{
	const char **args;
	char *rpath;
	size_t i, k = 0, bytes = 0;
	struct rhost *hi;

	args = ns_xcallocarray(n + 4, sizeof(*args));
	args[0] = "nscat";
	args[1] = "-J";
	args[2] = "--";
	for (i = 0; i < n; i++) {
		if (paths[i] == NULL ||
		    (hi = ns_host_split_path(paths[i], &rpath)) == NULL)
			continue;
		if (hi != h) {
			free(rpath);
			continue;
		}
		free(paths[i]);
		paths[i] = NULL;
		if (k > 0 && bytes + strlen(rpath) > BATCH_BYTES) {
			jobs_add(jobs, njobs, h, args, k);
			k = bytes = 0;
		}
		args[3 + k++] = rpath;
		args[3 + k] = NULL;
		bytes += strlen(rpath) + 3;
	}
	if (k > 0)
		jobs_add(jobs, njobs, h, args, k);
	free(args);
}

/* A job's reply, kept; what it does not find, the lookup asks again and
 * says. */
static void
job_end(struct job *j)
{
	struct host_doc doc;
	struct rsh_reply r;
	int enoent = 0;
	size_t i;

	if (ns_host_reach_end(j->h, &j->c, &r) == -1 ||
	    ns_host_judge(j->h, &r, &doc) == -1)
		return;
	ns_host_relay(j->h, &r, &enoent);
	if (enoent)
		note_missing(j->h, &r);
	for (i = 0; i < doc.n; i++)
		ns_hostobj_keep(j->h, &doc, i, NULL, 0);
	ns_host_doc_free(&doc);
	ns_rsh_reply_free(&r);
}

/* The jobs, FANOUT at a time, as pdsh runs its commands: a slow host
 * costs its own time, not that of every host after it. */
static void
jobs_run(struct job *jobs, size_t n)
{
	size_t i, k, first;

	for (first = 0; first < n; first += FANOUT) {
		for (i = first; i < n && i < first + FANOUT; i++)
			jobs[i].started = ns_host_reach_start(jobs[i].h,
			    jobs[i].args, &jobs[i].c) == 0;
		for (i = first; i < n && i < first + FANOUT; i++) {
			if (jobs[i].started)
				job_end(&jobs[i]);
			for (k = 3; jobs[i].args[k] != NULL; k++)
				free((char *)jobs[i].args[k]);
			free(jobs[i].args);
		}
	}
	free(jobs);
}

void
ns_prefetch(char *const *inputs, size_t n)
{
	struct job *jobs = NULL;
	char **paths, *rpath;
	struct rhost *h;
	size_t i, want = 0, njobs = 0;

	paths = ns_xcallocarray(n + 1, sizeof(*paths));
	for (i = 0; i < n; i++) {
		if ((paths[i] = plain_host_path(inputs[i])) != NULL &&
		    ns_hostobj_find(paths[i]) != NULL) {
			free(paths[i]);
			paths[i] = NULL;
		}
		want += paths[i] != NULL;
	}
	/* One object alone is the lookup's to fetch. */
	for (i = 0; want > 1 && i < n; i++) {
		if (paths[i] == NULL)
			continue;
		if ((h = ns_host_split_path(paths[i], &rpath)) != NULL) {
			free(rpath);
			if (!h->dead)
				prefetch_host(h, paths + i, n - i, &jobs,
				    &njobs);
		}
		free(paths[i]);
		paths[i] = NULL;
	}
	ns_free_strings(paths, n);
	jobs_run(jobs, njobs);
}

/*
 * The descriptors that hold a remote object, as the remote fdinfo finds
 * them: one call, each row a descriptor with fdinfo's columns, the rest
 * of its attributes fetched if asked for.
 */
int
ns_host_holders(const char *object, ns_emit_fn emit, void *arg)
{
	const char *args[] = { "fdinfo", "-J", "-o", "+path,type", NULL,
	    NULL };
	struct ns_obj c = { 0 };
	struct host_doc doc;
	struct rsh_reply r;
	struct rhost *h;
	struct rec **v = NULL, *rec;
	char *rpath;
	size_t i, n = 0;
	int stop = 0, status;

	if ((h = ns_host_split_path(object, &rpath)) == NULL)
		return ns_none();
	args[4] = rpath;
	if (ns_host_call(h, args, &r, &doc) == -1) {
		free(rpath);
		return -1;
	}
	free(rpath);
	ns_host_relay(h, &r, NULL);
	status = r.status;
	ns_rsh_reply_free(&r);
	for (i = 0; i < doc.n; i++) {
		if ((rec = ns_hostobj_keep(h, &doc, i, NULL, 1)) == NULL)
			continue;
		v = ns_xreallocarray(v, n + 1, sizeof(*v));
		v[n++] = rec;
	}
	ns_host_doc_free(&doc);
	for (i = 0; !stop && i < n; i++) {
		ns_obj_set(&c, v[i]->cls, "%s", v[i]->path);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	free(v);
	if (status != 0 && !stop) {
		errno = EREMOTEIO;
		return -1;
	}
	return stop;
}

/*
 * A tool of another machine whose -J output is a tree (devtree): args
 * are its name and options, inputs the /host/NAME/... paths it is given,
 * all of one machine (/host/NAME alone: none).  Each row is made an
 * object with the machine's prefix and handed to fn with the index of
 * the row it hangs under, plus one (0: a top).  0, fn's non-zero, or -1
 * with errno (EREMOTEIO: said; EXDEV: the inputs name two machines).
 */
int
ns_host_tree(const char *const *args, char *const *inputs, size_t n,
    int (*fn)(struct ns_obj *, size_t, size_t, void *), void *arg)
{
	struct ns_obj c = { 0 };
	struct host_doc doc;
	struct rsh_reply r;
	struct rhost *h = NULL, *hi;
	struct rec **v;
	const char **av;
	char *s, *rpath;
	size_t i, k, na, *up;
	int stop = 0, status;

	for (na = 0; args[na] != NULL; na++)
		;
	av = ns_xcallocarray(na + n + 2, sizeof(*av));
	memcpy(av, args, na * sizeof(*av));
	av[na++] = "--";
	for (i = 0, k = na; i < n; i++) {
		s = ns_xstrdup(inputs[i]);
		ns_unescape(s);
		hi = ns_host_split_path(s, &rpath);
		free(s);
		if (hi == NULL || (h != NULL && hi != h)) {
			free(rpath);
			errno = hi == NULL ? ENOENT : EXDEV;
			goto fail;
		}
		h = hi;
		/* The machine itself: its whole tree. */
		if (strcmp(rpath, "/") == 0)
			free(rpath);
		else
			av[k++] = rpath;
	}
	if (h == NULL) {
		errno = ENOENT;
		goto fail;
	}
	if (ns_host_call(h, av, &r, &doc) == -1)
		goto fail;
	ns_host_relay(h, &r, NULL);
	status = r.status;
	ns_rsh_reply_free(&r);
	/* A row kept is moved into its record: its place first. */
	if ((v = calloc(doc.n + 1, sizeof(*v))) == NULL ||
	    (up = calloc(doc.n + 1, sizeof(*up))) == NULL)
		err(1, NULL);
	for (i = 0; i < doc.n; i++) {
		up[i] = doc.rows[i].up;
		v[i] = ns_hostobj_keep(h, &doc, i, NULL, 1);
	}
	for (i = 0; !stop && i < doc.n; i++) {
		if (v[i] == NULL)
			continue;
		ns_obj_set(&c, v[i]->cls, "%s", v[i]->path);
		stop = fn(&c, i, up[i], arg);
		ns_obj_clear(&c);
	}
	free(v);
	free(up);
	ns_host_doc_free(&doc);
	for (i = na; i < k; i++)
		free((char *)av[i]);
	free(av);
	if (status != 0 && !stop) {
		errno = EREMOTEIO;
		return -1;
	}
	return stop;
fail:
	for (i = na; i < k; i++)
		free((char *)av[i]);
	free(av);
	return -1;
}
