/*
 * host.c: the /host provider: other machines, /host/NAME/PATH, over
 * OpenSSH or any command that runs a command elsewhere.
 *
 * Nothing here knows another machine's objects.  The other machine runs
 * the same tools, found on its PATH, with -J; their JSON is read back
 * (hostparse.c) and every path in it, the rows' own and every link, is
 * given the /host/NAME prefix, so that following a link stays on that
 * machine and every path printed here resolves here again.  A command
 * built from names never reaches a shell: the arguments are a tool's
 * name, its flags and paths, escaped by rule 5 and quoted for a POSIX
 * shell, since ssh joins its arguments into the one string the remote
 * shell reads.
 *
 * The machines and the calls to them are hostcall.c's.  The transport
 * (rsh.c) is `$NSTOOLS_RSH NAME COMMAND ARGS...', or
 * the command the hosts file gives the name, or ssh with a shared
 * connection.  A host that cannot be reached, lacks the tools or speaks
 * another version is said once, naming the host, and its objects then
 * fail with EREMOTEIO, which the tools take for "already said" (args.c).
 *
 * The provider is lazy.  Looking up a remote object is one `nscat -J'
 * call, whose reply holds every attribute; listing a node is one `nsls
 * -J -o path,type' call, and an attribute a child lacks then is asked
 * for by listing the node once more with that column too, so that a
 * column costs one call for all the children, never one per child.  A
 * tool that lists what it resolves (ns_hint_children) has the node and
 * its listing in one call, `nsls -a', whose first row is the node.
 * Replies are kept for the run in one table by path (hostobj.c).  An
 * object's class is made from the remote type and the attributes the
 * local tools know for that type (the same tools, so the same catalog):
 * their types say which values are links.  Classes live as long as the
 * run, as the output layer remembers them by address.  A tool given
 * many paths has them asked of each machine in batches, and fdinfo's
 * holders and devtree's tree are one call each (hostbatch.c).
 */
#include <sys/types.h>

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "host.h"
#include "hostparse.h"
#include "hostcall.h"
#include "hostconf.h"
#include "rsh.h"

static ns_list_fn	top_list;
static ns_get_fn	top_summary, host_summary, get_transport, get_version;

static const struct ns_attr host_attrs[] = {
	{ "transport", NS_STRING, "the command that reaches the machine",
	    get_transport },
	{ "version", NS_STRING, "the version of the tools there",
	    get_version },
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "hosts",
	.attrs = ns_no_attrs,
	.list = top_list,
	.summary = top_summary,
};

static const struct ns_class host_class = {
	.type = "host",
	.attrs = host_attrs,
	.list = ns_host_remote_list,
	.summary = host_summary,
};

/*
 * Remote calls.
 */


/* What a remote tool said beside its rows. */
struct heard {
	int	 status;	/* its exit status */
	int	 said;		/* lines relayed as ours */
	int	 enoent;	/* one was "no such object" */
};

/* Relay the lines of a reply and keep what they told; the reply
 * freed. */
static void
hear(struct rhost *h, struct rsh_reply *r, struct heard *w)
{
	w->enoent = 0;
	w->said = ns_host_relay(h, r, &w->enoent);
	w->status = r->status;
	ns_rsh_reply_free(r);
}

/* A call that gave no row: its failure said if the remote said none,
 * and errno ENOENT for no such object, else EREMOTEIO. */
static void
no_rows(struct rhost *h, const struct heard *w)
{
	if (!w->enoent && !w->said)
		ns_host_quiet_fail(h, w->status);
	errno = w->enoent && !w->said ? ENOENT : EREMOTEIO;
}

/* The record a reply of nscat -J holds, the reply freed; NULL with the
 * remote's words said, or errno ENOENT for no such object. */
static struct rec *
record_of(struct rhost *h, struct rsh_reply *r, struct host_doc *doc,
    int partial)
{
	struct rec *rec = NULL;
	struct heard w;

	hear(h, r, &w);
	if (doc->n > 0)
		rec = ns_hostobj_keep(h, doc, 0, NULL, partial);
	ns_host_doc_free(doc);
	if (rec == NULL)
		no_rows(h, &w);
	return rec;
}

/* The whole record of one object, by any path the remote takes: the
 * record, or NULL with errno. */
static struct rec *
fetch(struct rhost *h, const char *rpath)
{
	const char *args[] = { "nscat", "-J", rpath, NULL };
	struct host_doc doc;
	struct rsh_reply r;

	if (ns_host_call(h, args, &r, &doc) == -1)
		return NULL;
	return record_of(h, &r, &doc, 0);
}

/* Set by a tool that lists the children of what it resolves (nsls):
 * the columns a listing is asked for, path and type first. */
static int want_children;
static char *want_cols;

static int	has_col(const char *, const char *);

void
ns_hint_children(const char *columns)
{
	char *list, *s, *name, *p;

	want_children = 1;
	free(want_cols);
	want_cols = ns_xstrdup("path,type");
	list = ns_xstrdup(columns != NULL ? columns : "");
	for (s = list; (name = strsep(&s, ",")) != NULL;) {
		for (p = name; *p != '\0'; p++)
			*p = (char)tolower((unsigned char)*p);
		if (*name == '\0' || has_col(want_cols, name))
			continue;
		p = want_cols;
		want_cols = ns_xasprintf("%s,%s", p, name);
		free(p);
	}
	free(list);
}

/* Listings got with a lookup, each kept by the local path of its node
 * until ns_host_remote_list takes it: the rows, and what the call said. */
struct early {
	char		*path;
	char		*cols;		/* asked for */
	struct host_doc	 doc;
	struct heard	 heard;
	struct early	*next;
};
static struct early *earlies;

static struct early *
early_take(const char *path)
{
	struct early **p, *e;

	for (p = &earlies; (e = *p) != NULL; p = &e->next)
		if (strcmp(e->path, path) == 0) {
			*p = e->next;
			return e;
		}
	return NULL;
}

/*
 * fetch for a tool that lists what it resolves: the type of the object
 * and its listing in one call, `nsls -a', whose first row is the object
 * itself, so that `nsls /host/A/sock/tcp' costs one remote run.  Its
 * other columns are fetched if asked for (field_of).
 */
static struct rec *
fetch_listed(struct rhost *h, const char *rpath)
{
	const char *args[] = { "nsls", "-J", "-a", "-o", want_cols, rpath,
	    NULL };
	struct host_doc doc;
	struct rsh_reply r;
	struct heard w;
	struct early *e;
	struct rec *rec = NULL;

	if (ns_host_call(h, args, &r, &doc) == -1)
		return NULL;
	hear(h, &r, &w);
	if (doc.n > 0)
		rec = ns_hostobj_keep(h, &doc, 0, NULL, 1);
	if (rec == NULL || rec->cls == NULL || rec->cls->list == NULL) {
		ns_host_doc_free(&doc);
		if (rec == NULL)
			no_rows(h, &w);
		return rec;
	}
	/* The rest are its children, for ns_host_remote_list. */
	memmove(doc.rows, doc.rows + 1, (doc.n - 1) * sizeof(*doc.rows));
	doc.n--;
	e = ns_xcalloc(sizeof(*e));
	e->path = ns_xstrdup(rec->path);
	e->cols = ns_xstrdup(want_cols);
	e->doc = doc;
	e->heard = w;
	e->next = earlies;
	earlies = e;
	return rec;
}

/* List a node with these columns, or take the listing a lookup got;
 * every row kept.  The records, in the listing's order, in *out
 * (NULL-ended) if out is not NULL; 0, or -1 with errno. */
static int
list_remote(struct listing *l, struct early *got, struct rec ***out)
{
	const char *args[] = { "nsls", "-J", "-o", l->cols, l->rpath, NULL };
	struct host_doc doc;
	struct rsh_reply r;
	struct heard w;
	struct rec *rec, **v = NULL;
	size_t i, n = 0, rows;

	if (out != NULL)
		*out = NULL;
	if (got != NULL) {
		/* Its columns are the listing's now. */
		free(l->cols);
		l->cols = got->cols;
		doc = got->doc;
		w = got->heard;
		free(got->path);
		free(got);
	} else {
		if (ns_host_call(l->h, args, &r, &doc) == -1)
			return -1;
		hear(l->h, &r, &w);
	}
	rows = doc.n;
	ns_hostobj_room(doc.n);
	for (i = 0; i < doc.n; i++) {
		if ((rec = ns_hostobj_keep(l->h, &doc, i, l, 0)) == NULL ||
		    out == NULL)
			continue;
		/* Room for doc.n + 1 at the first, as most rows are kept. */
		if (v == NULL && (v = reallocarray(NULL, doc.n + 1,
		    sizeof(*v))) == NULL)
			err(1, NULL);
		v[n++] = rec;
		v[n] = NULL;
	}
	ns_host_doc_free(&doc);
	if (out != NULL)
		*out = v;
	if (w.status == 0)
		return 0;
	/* Rows and an error: the remote said it. */
	if (rows == 0)
		no_rows(l->h, &w);
	else
		errno = EREMOTEIO;
	return -1;
}

/* Whether the comma list holds the name. */
static int
has_col(const char *cols, const char *name)
{
	size_t len = strlen(name);
	const char *s;

	for (s = cols; (s = strstr(s, name)) != NULL; s += len)
		if ((s == cols || s[-1] == ',') &&
		    (s[len] == ',' || s[len] == '\0'))
			return 1;
	return 0;
}

/*
 * The field of an attribute of a record, fetched if the record does not
 * have it yet: a listed child's by listing its node again with that
 * column too.  NULL if the object has none.
 */
const struct host_field *
ns_hostobj_field(struct ns_obj *o, const char *name)
{
	const struct host_field *f;
	struct listing *l;
	struct rhost *h;
	struct rec *r;
	char *rpath, *cols;

	if ((r = ns_hostobj_find(o->path)) == NULL) {
		/* A copy of an object whose record this run has not got. */
		if ((h = ns_host_split_path(o->path, &rpath)) == NULL)
			return NULL;
		r = fetch(h, rpath);
		free(rpath);
		if (r == NULL)
			return NULL;
	}
	if ((f = ns_host_row_field(&r->row, name)) != NULL || r->cls == NULL)
		return f;
	if (r->partial) {
		/* Some columns of the object: the whole of it now. */
		if ((h = ns_host_split_path(r->path, &rpath)) == NULL)
			return NULL;
		r = fetch(h, rpath);
		free(rpath);
		return r != NULL ? ns_host_row_field(&r->row, name) : NULL;
	}
	if (r->from == NULL)
		return NULL;
	l = r->from;
	if (has_col(l->cols, name))
		return NULL;
	cols = ns_xasprintf("%s,%s", l->cols, name);
	free(l->cols);
	l->cols = cols;
	(void)list_remote(l, NULL, NULL);
	if ((r = ns_hostobj_find(o->path)) == NULL)
		return NULL;
	return ns_host_row_field(&r->row, name);
}

/* Whether a path is /host/NAME/host. */
static int
is_nested_host(const char *path)
{
	const char *s = strchr(path + strlen("/host/"), '/');

	return s != NULL && strcmp(s, "/host") == 0;
}

static void
listing_free(struct listing *l)
{
	free(l->rpath);
	free(l->cols);
	free(l);
}

int
ns_host_remote_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	struct listing *l;
	struct rec **v = NULL;
	size_t i;
	int r, e, stop = 0;

	/* A sandboxed tool was given no path of another machine: a walk
	 * from above lists the hosts and enters none. */
	if (!ns_rsh_can_reach() && o->cls == &host_class)
		return 0;
	if ((l = calloc(1, sizeof(*l))) == NULL ||
	    (l->cols = strdup("path,type")) == NULL)
		err(1, NULL);
	if ((l->h = ns_host_split_path(o->path, &l->rpath)) == NULL) {
		listing_free(l);
		errno = ENOENT;
		return -1;
	}
	/* Listings are kept: their children fetch columns through them.
	 * One no record came from (the host is down, or its rows were
	 * objects it had given whole already) is not. */
	r = list_remote(l, early_take(o->path), &v);
	e = errno;
	for (i = 0; v != NULL && v[i] != NULL && v[i]->from != l; i++)
		;
	if (v == NULL || v[i] == NULL)
		listing_free(l);
	for (i = 0; !stop && v != NULL && v[i] != NULL; i++) {
		/* A machine's root lists no /host of its own: a walk stays
		 * on one machine, and two that name each other are no
		 * loop.  The path still resolves. */
		if (o->cls == &host_class && is_nested_host(v[i]->path))
			continue;
		ns_obj_set(&c, v[i]->cls, "%s", v[i]->path);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	free(v);
	if (stop)
		return stop;
	errno = e;
	return r;
}

/*
 * /host and /host/NAME.
 */

static int
set_host(struct ns_obj *o, int i)
{
	if (!ns_host_name_ok(ns_host_conf_name(i)))
		return -1;
	return ns_obj_set(o, &host_class, "/host/%s", ns_host_conf_name(i));
}

static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	return ns_emit_each((int)ns_host_conf_count(), set_host, emit, arg);
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	size_t n = ns_host_conf_count();

	ns_val_addf(v, "%zu configured host%s", n, n == 1 ? "" : "s");
	return 0;
}

static int
host_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_addf(v, "the machine %s", o->path + strlen("/host/"));
	return 0;
}

static int
get_transport(struct ns_obj *o, struct ns_val *v)
{
	struct rhost *h = ns_rhost_get(o->path + strlen("/host/"));

	ns_val_add(v, h->transport != NULL ? h->transport : "ssh");
	return 0;
}

static int
get_version(struct ns_obj *o, struct ns_val *v)
{
	const char *const ver[] = { "nscat", "-V", NULL };
	struct rhost *h = ns_rhost_get(o->path + strlen("/host/"));
	struct rsh_reply r;
	char *s;
	int ok;

	if (ns_host_reach(h, ver, &r) == -1)
		return -1;
	if ((ok = r.status == 0 && strncmp(r.out, "nscat ", 6) == 0)) {
		s = ns_host_clean(r.out + 6, strcspn(r.out + 6, "\n"));
		ns_val_add(v, s);
		free(s);
	}
	ns_rsh_reply_free(&r);
	errno = ENOENT;
	return ok ? 0 : -1;
}

/*
 * A machine named by the user is one that answers: its root is fetched
 * (or was, by a prefetch of several), so that `nscat /host/down' is an
 * error line and exit 1 as every path below it is, not a row of
 * attributes that are all missing.  A listing of /host names the hosts
 * without calling any.
 */
static int
host_reached(struct ns_obj *o, const char *name)
{
	struct rhost *h;
	struct rec *r;
	char *path;

	path = ns_xasprintf("/host/%s", name);
	if ((r = ns_hostobj_find(path)) == NULL) {
		h = ns_rhost_get(name);
		r = want_children ? fetch_listed(h, "/") : fetch(h, "/");
	} else if (r->cls == NULL) {
		r = NULL;
		errno = ENOENT;
	}
	free(path);
	if (r == NULL) {
		/* Whatever the remote said of its root, the machine is
		 * what could not be reached. */
		if (errno == ENOENT)
			errno = EREMOTEIO;
		return -1;
	}
	return ns_obj_set(o, &host_class, "/host/%s", name);
}

static int
host_lookup(struct ns_obj *o, char **comp, int n)
{
	struct rhost *h;
	struct rec *r;
	char *path, *rpath;
	size_t len;
	FILE *fp;
	int i;

	if (n == 0)
		return ns_obj_set(o, &top_class, "/host");
	if (!ns_host_name_ok(comp[0]))
		return ns_none();
	if (n == 1)
		return host_reached(o, comp[0]);
	if ((fp = open_memstream(&path, &len)) == NULL)
		err(1, NULL);
	fprintf(fp, "/host/%s", comp[0]);
	for (i = 1; i < n; i++)
		fprintf(fp, "/%s", comp[i]);
	fclose(fp);
	/* A path this run has had a reply for needs no call. */
	if ((r = ns_hostobj_find(path)) == NULL) {
		h = ns_host_split_path(path, &rpath);
		r = want_children ? fetch_listed(h, rpath) : fetch(h, rpath);
		free(rpath);
	} else if (r->cls == NULL) {
		/* A batch of this run found nothing there. */
		r = NULL;
		errno = ENOENT;
	}
	free(path);
	if (r == NULL)
		return -1;
	return ns_obj_set(o, r->cls, "%s", r->path);
}

static const struct ns_class *const classes[] = {
	&top_class,
	&host_class,
	NULL
};

const struct ns_provider ns_host_provider = {
	.name = "host",
	.help = "other machines, by name: /host/NAME/PATH",
	.lookup = host_lookup,
	.classes = classes,
};
NS_PROVIDER(ns_host_provider);
