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
 * Replies are kept for the run in one table by path (below).  An
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

/*
 * The objects of another machine as this one keeps them: the table of
 * replies by local path, the classes made for the remote types, and the
 * values read from a reply.
 *
 * Everything here came from the remote, and none of it is trusted.  A
 * row whose type is no word of the catalog is dropped, as is a key that
 * is none, and a path, a row's own or a link's, that is not canonical
 * there, since with the /host/NAME prefix it would lead out to this
 * machine or another; each is counted for the host.  A value is
 * unescaped, a link given the prefix.  A class has the attributes the
 * local tools know for the type (the same tools, so the same catalog)
 * and one getter each, chosen by index, as a getter is not told which
 * attribute it serves.  A value a record lacks is fetched by
 * ns_hostobj_field, below with the calls.
 */

/* How many attributes a remote class may have: one getter each, and
 * the getters below are 128. */
#define MAXATTRS	HOST_ATTRS_MAX
_Static_assert(MAXATTRS == 128, "a getter for each attribute");
/* Buckets of the table of replies by path, at the first; it doubles
 * when it holds as many replies. */
#define NBUCKETS	1024

/* A class made for remote objects of one type. */
struct rclass {
	struct ns_class	 cls;
	char		*key;
	struct rclass	*next;
};

static struct rec	**recs;
static size_t		 nbuckets, nrecs;
static struct rclass	*rclasses;

static ns_get_fn	remote_summary;

/*
 * Classes of remote objects.
 */

static int	get_remote(struct ns_obj *, struct ns_val *, int);

#define GETTER(n, i) \
static int get_##n(struct ns_obj *o, struct ns_val *v) \
	{ return get_remote(o, v, i); }
#define GETTER8(p, b) GETTER(p##0, b) GETTER(p##1, b + 1) \
	GETTER(p##2, b + 2) GETTER(p##3, b + 3) GETTER(p##4, b + 4) \
	GETTER(p##5, b + 5) GETTER(p##6, b + 6) GETTER(p##7, b + 7)
GETTER8(a, 0) GETTER8(b, 8) GETTER8(c, 16) GETTER8(d, 24)
GETTER8(e, 32) GETTER8(f, 40) GETTER8(g, 48) GETTER8(h, 56)
GETTER8(i, 64) GETTER8(j, 72) GETTER8(k, 80) GETTER8(l, 88)
GETTER8(m, 96) GETTER8(n, 104) GETTER8(o, 112) GETTER8(p, 120)
#define REF8(p) get_##p##0, get_##p##1, get_##p##2, get_##p##3, \
	get_##p##4, get_##p##5, get_##p##6, get_##p##7
/* The i-th getter reads the i-th attribute of the object's class: the
 * one thing a getter is not told is which attribute it serves. */
static int (*const getters[MAXATTRS])(struct ns_obj *, struct ns_val *) = {
	REF8(a), REF8(b), REF8(c), REF8(d), REF8(e), REF8(f), REF8(g),
	REF8(h), REF8(i), REF8(j), REF8(k), REF8(l), REF8(m), REF8(n),
	REF8(o), REF8(p)
};

static int
is_core(const char *name)
{
	const struct ns_attr *a;

	for (a = ns_core_attrs; a->name != NULL; a++)
		if (strcmp(a->name, name) == 0)
			return 1;
	return 0;
}

/* Every local class of the type, in the order of the providers; the
 * host provider's own classes are not the remote's. */
static void
local_classes(const char *type, void (*fn)(const struct ns_class *, void *),
    void *arg)
{
	const struct ns_provider *const *p;
	const struct ns_class *const *c;
	size_t i, n;

	p = ns_providers(&n);
	for (i = 0; i < n; i++) {
		if (strcmp(p[i]->name, "host") == 0)
			continue;
		for (c = p[i]->classes; c != NULL && *c != NULL; c++)
			if (strcmp((*c)->type, type) == 0)
				fn(*c, arg);
	}
}

/* The attributes a class is made with, their names and local kinds. */
struct names {
	const struct ns_attr	*a[MAXATTRS];
	size_t			 n;
	int			 node;
};

/* Add an attribute once: 0, or -1 if the class has MAXATTRS already. */
static int
names_add(struct names *nm, const struct ns_attr *a)
{
	size_t i;

	if (is_core(a->name))
		return 0;
	for (i = 0; i < nm->n; i++)
		if (strcmp(nm->a[i]->name, a->name) == 0)
			return 0;
	if (nm->n == MAXATTRS)
		return -1;
	nm->a[nm->n++] = a;
	return 0;
}

static void
union_of(const struct ns_class *c, void *arg)
{
	struct names *nm = arg;
	const struct ns_attr *a;

	for (a = c->attrs; a != NULL && a->name != NULL; a++)
		(void)names_add(nm, a);
	nm->node |= c->list != NULL;
}

static void
node_of(const struct ns_class *c, void *arg)
{
	*(int *)arg |= c->list != NULL;
}

/* An attribute the local tools do not know: a string, or strings.
 * Made once a name and kept for the run: classes point at it. */
struct made {
	struct ns_attr	 a;
	struct made	*next;
};

static const struct ns_attr *
unknown_attr(const char *name, int array)
{
	static struct made *made;
	struct made *m;

	for (m = made; m != NULL; m = m->next)
		if (strcmp(m->a.name, name) == 0)
			return &m->a;
	if ((m = calloc(1, sizeof(*m))) == NULL ||
	    (m->a.name = strdup(name)) == NULL)
		err(1, NULL);
	m->a.type = array ? NS_STRINGS : NS_STRING;
	m->a.help = "an attribute of another version";
	m->next = made;
	made = m;
	return &m->a;
}

static const struct ns_class *
class_make(const char *type, struct names *nm)
{
	struct rclass *rc;
	struct ns_attr *attrs;
	char *key;
	size_t i, len;
	FILE *fp;

	if ((fp = open_memstream(&key, &len)) == NULL)
		err(1, NULL);
	fprintf(fp, "%s\n%d", type, nm->node);
	for (i = 0; i < nm->n; i++)
		fprintf(fp, ",%s", nm->a[i]->name);
	fclose(fp);
	for (rc = rclasses; rc != NULL; rc = rc->next)
		if (strcmp(rc->key, key) == 0) {
			free(key);
			return &rc->cls;
		}
	if ((rc = calloc(1, sizeof(*rc))) == NULL ||
	    (attrs = calloc(nm->n + 1, sizeof(*attrs))) == NULL ||
	    (rc->cls.type = strdup(type)) == NULL)
		err(1, NULL);
	for (i = 0; i < nm->n; i++) {
		attrs[i] = *nm->a[i];
		attrs[i].get = getters[i];
	}
	rc->key = key;
	rc->cls.attrs = attrs;
	rc->cls.list = nm->node ? ns_host_remote_list : NULL;
	rc->cls.summary = remote_summary;
	rc->next = rclasses;
	rclasses = rc;
	return &rc->cls;
}

/* An attribute by its name as the local class of the type has it: the
 * same name may be a link in one class and a name in another (a
 * process's user, a descriptor's). */
struct find {
	const char		*name;
	const struct ns_attr	*a;
};

static void
find_in_class(const struct ns_class *c, void *arg)
{
	struct find *f = arg;
	const struct ns_attr *a;

	for (a = c->attrs; f->a == NULL && a != NULL && a->name != NULL; a++)
		if (strcmp(a->name, f->name) == 0)
			f->a = a;
}

static const struct ns_attr *
attr_for(const char *type, const char *name)
{
	struct find f = { name, NULL };

	local_classes(type, find_in_class, &f);
	return f.a != NULL ? f.a : ns_attr_any(name);
}

/* The class of a whole record: its attributes are the reply's.  A key
 * that is no column name (a control byte, a newline, a '"') is printed
 * by nscat as a name, by -P as a KEY, by -J as one: dropped, and the
 * reply counted bad; one past MAXATTRS is dropped and counted too. */
static const struct ns_class *
class_of_record(struct rhost *h, const char *type,
    const struct host_row *row)
{
	struct names nm = { .n = 0 };
	const struct host_field *count;
	const struct ns_attr *a;
	size_t i;

	local_classes(type, node_of, &nm.node);
	count = ns_host_row_field(row, "count");
	nm.node |= count != NULL && !count->null;
	for (i = 0; i < row->n; i++) {
		if (!ns_host_word_ok(row->f[i].key)) {
			ns_host_bad(h);
			continue;
		}
		if ((a = attr_for(type, row->f[i].key)) == NULL)
			a = unknown_attr(row->f[i].key, row->f[i].array);
		if (names_add(&nm, a) == -1)
			ns_host_cut(h);
	}
	return class_make(type, &nm);
}

/* The class of a listed child: every attribute the type has here, each
 * fetched when asked for. */
static const struct ns_class *
class_of_type(const char *type)
{
	/* Asked once a listed child: remembered by type, as a listing
	 * of ten thousand sockets names one type ten thousand times. */
	static struct bytype {
		char			*type;
		const struct ns_class	*cls;
		struct bytype		*next;
	} *known;
	struct names nm = { .n = 0 };
	struct bytype *b;

	for (b = known; b != NULL; b = b->next)
		if (strcmp(b->type, type) == 0)
			return b->cls;
	local_classes(type, union_of, &nm);
	if ((b = calloc(1, sizeof(*b))) == NULL ||
	    (b->type = strdup(type)) == NULL)
		err(1, NULL);
	b->cls = class_make(type, &nm);
	b->next = known;
	known = b;
	return b->cls;
}

/*
 * The table of replies, by local path.
 */

unsigned
ns_hostobj_hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The record of a path whose hash is h.  The paths of a listing share
 * their long prefix: the whole hash is compared before the bytes. */
static struct rec *
rec_find_hashed(const char *path, unsigned h)
{
	struct rec *r;

	if (nbuckets == 0)
		return NULL;
	for (r = recs[h & (nbuckets - 1)]; r != NULL; r = r->next)
		if (r->hash == h && strcmp(r->path, path) == 0)
			return r;
	return NULL;
}

struct rec *
ns_hostobj_find(const char *path)
{
	return rec_find_hashed(path, ns_hostobj_hash(path));
}

/* Room for n more records, the buckets at least as many as the
 * records: a listing's rows are counted before they are kept, so the
 * table grows once for them. */
void
ns_hostobj_room(size_t more)
{
	struct rec **v, *x, *next;
	size_t i, n;

	if (nrecs + more <= nbuckets)
		return;
	for (n = nbuckets == 0 ? NBUCKETS : nbuckets; n < nrecs + more;)
		n *= 2;
	v = ns_xcalloc(n * sizeof(*v));
	for (i = 0; i < nbuckets; i++)
		for (x = recs[i]; x != NULL; x = next) {
			next = x->next;
			x->next = v[x->hash & (n - 1)];
			v[x->hash & (n - 1)] = x;
		}
	free(recs);
	recs = v;
	nbuckets = n;
}

/* Add a record, whose path's hash is h, of a path not in the table. */
void
ns_hostobj_add(struct rec *r, unsigned h)
{
	ns_hostobj_room(1);
	r->hash = h;
	r->next = recs[h & (nbuckets - 1)];
	recs[h & (nbuckets - 1)] = r;
	nrecs++;
}

/* The first value of a field, or NULL. */
static const char *
field_str(const struct host_row *row, const char *key)
{
	const struct host_field *f = ns_host_row_field(row, key);

	return f == NULL || f->null || f->n == 0 ? NULL : f->vals[0];
}

/* A remote path, as the remote printed it (escaped), as a local one:
 * the prefix, and no "/" of its own for the remote root.  Into buf where
 * it fits (a row of a listing: no allocation), else malloc'd.  A path
 * that is not canonical there (a "..", an escaped '/') would lead out of
 * the prefix, to this machine or another: NULL, and the host's reply
 * counted bad. */
static char *
local_path_in(struct rhost *h, const char *rpath, char *buf, size_t size)
{
	char *s;

	if ((s = ns_host_local_path(h->name, rpath, buf, size)) == NULL)
		ns_host_bad(h);
	return s;
}

char *
ns_hostobj_local_path(struct rhost *h, const char *rpath)
{
	return local_path_in(h, rpath, NULL, 0);
}

/*
 * Keep row i of a document: the record of its path, new or brought up
 * to date.  A whole record is not replaced by a listing's; NULL for a
 * row without a path or a type.
 */
struct rec *
ns_hostobj_keep(struct rhost *host, const struct host_doc *doc, size_t i,
    struct listing *from, int partial)
{
	const char *rpath, *type;
	char buf[256], *path;
	struct rec *r;
	unsigned h;
	size_t n;

	rpath = field_str(&doc->rows[i], "path");
	type = field_str(&doc->rows[i], "type");
	if (rpath == NULL || type == NULL) {
		ns_host_bad(host);
		return NULL;
	}
	/* A type is a word of the catalog: it is printed, and it picks
	 * which attributes are links. */
	if (!ns_host_word_ok(type)) {
		ns_host_bad(host);
		return NULL;
	}
	if ((path = local_path_in(host, rpath, buf, sizeof(buf))) == NULL)
		return NULL;
	h = ns_hostobj_hash(path);
	if ((r = rec_find_hashed(path, h)) != NULL) {
		if (r->from == NULL && !r->partial &&
		    (from != NULL || partial)) {
			if (path != buf)
				free(path);
			return r;
		}
		ns_host_row_free(&r->row);
	} else {
		/* The record and its path in one allocation: records
		 * live as long as the run. */
		n = strlen(path) + 1;
		r = ns_xcalloc(sizeof(*r) + n);
		r->path = memcpy(r + 1, path, n);
		ns_hostobj_add(r, h);
	}
	if (path != buf)
		free(path);
	ns_host_row_keep(&r->row, doc, i);
	r->from = from;
	r->partial = partial;
	r->cls = from == NULL && !partial ?
	    class_of_record(host, type, &r->row) : class_of_type(type);
	return r;
}

/* Split a local path into its host and its remote path, escaped by
 * rule 5 for the remote resolver; NULL if it is no host's. */
struct rhost *
ns_host_split_path(const char *path, char **rpath)
{
	const char *name = path + strlen("/host/"), *slash;
	struct rhost *h;
	char *n;

	if (strncmp(path, "/host/", 6) != 0 || *name == '\0')
		return NULL;
	slash = strchr(name, '/');
	n = ns_xstrndup(name, slash ? (size_t)(slash - name) : strlen(name));
	h = ns_rhost_get(n);
	free(n);
	if ((*rpath = ns_escape(slash != NULL ? slash : "/")) == NULL)
		err(1, NULL);
	return h;
}

/*
 * The values of remote objects.
 */

/*
 * Drop the values of a link field that are no canonical path of its
 * machine, counting each for the host: prefixed, it would be a path of
 * this machine or another.  Done where the field is first read, and the
 * field is kept so, so that a column read for -Q and again to print is
 * one bad value, not two.  The field is the record's own (its row is
 * kept for the run), given const by the lookup.
 */
static void
drop_bad_links(struct rhost *h, const struct host_field *cf)
{
	struct host_field *f = (struct host_field *)cf;
	size_t i, k;

	for (i = k = 0; i < f->n; i++)
		if (ns_host_path_ok(f->vals[i]))
			f->vals[k++] = f->vals[i];
		else
			ns_host_bad(h);
	f->n = k;
}

/* The value of a field: each element unescaped, a link given the host's
 * prefix. */
static int
field_val(struct ns_obj *o, const char *name, enum ns_type type,
    struct ns_val *v)
{
	const struct host_field *f;
	struct rhost *h;
	char buf[256], *rpath, *s;
	size_t i;

	if ((f = ns_hostobj_field(o, name)) == NULL || f->null || f->n == 0)
		return ns_none();
	if ((h = ns_host_split_path(o->path, &rpath)) == NULL)
		return -1;
	free(rpath);
	if (type == NS_LINK || type == NS_LINKS) {
		drop_bad_links(h, f);
		if (f->n == 0)
			return ns_none();
	}
	for (i = 0; i < f->n; i++) {
		if (type == NS_LINK || type == NS_LINKS) {
			/* Canonical, so never NULL. */
			if ((s = local_path_in(h, f->vals[i], buf,
			    sizeof(buf))) == NULL)
				continue;
			ns_val_add(v, s);
			if (s != buf)
				free(s);
			continue;
		}
		s = ns_xstrdup(f->vals[i]);
		ns_unescape(s);
		ns_val_add(v, s);
		free(s);
	}
	return 0;
}

static int
get_remote(struct ns_obj *o, struct ns_val *v, int i)
{
	const struct ns_attr *a = &o->cls->attrs[i];

	return field_val(o, a->name, a->type, v);
}

static int
remote_summary(struct ns_obj *o, struct ns_val *v)
{
	return field_val(o, "summary", NS_STRING, v);
}

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

NS_PROVIDER(ns_host_provider,
	.name = "host",
	.help = "other machines, by name: /host/NAME/PATH",
	.lookup = host_lookup,
	.classes = NS_CLASSES(&top_class, &host_class));
