/*
 * hostobj.c: the objects of another machine as this one keeps them: the
 * table of replies by local path, the classes made for the remote types,
 * and the values read from a reply.
 *
 * Everything here came from the remote, and none of it is trusted.  A
 * row whose type is no word of the catalog is dropped, as is a key that
 * is none, and a path, a row's own or a link's, that is not canonical
 * there, since with the /host/NAME prefix it would lead out to this
 * machine or another; each is counted for the host.  A value is
 * unescaped, a link given the prefix.  A class has the attributes the
 * local tools know for the type (the same tools, so the same catalog)
 * and one getter each, chosen by index, as a getter is not told which
 * attribute it serves.  Nothing here calls the remote: a value a record
 * lacks is fetched by host.c (field_of).
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "host.h"
#include "hostcall.h"
#include "hostparse.h"

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
