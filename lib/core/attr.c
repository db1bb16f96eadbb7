/*
 * attr.c: finding attributes by name.  Every object has the core's own
 * (path, type, summary, and count for a node); the rest come from its
 * class.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>

#include "core.h"

NS_GETTER_OBJ(path, ns_val_add, o->path)
NS_GETTER_OBJ(type, ns_val_add, o->cls->type)

static int
get_summary(struct ns_obj *o, struct ns_val *v)
{
	const struct ns_attr *a;

	if (o->cls->summary != NULL)
		return o->cls->summary(o, v);
	if ((a = ns_attr_find(o->cls, "name")) != NULL)
		return ns_attr_get(o, a, v);
	return -1;
}

static int
count_one(struct ns_obj *child, void *arg)
{
	(*(size_t *)arg)++;
	return 0;
}

int
ns_emit_each(int n, int (*make)(struct ns_obj *, int), ns_emit_fn emit,
    void *arg)
{
	struct ns_obj c = { 0 };
	int i, stop = 0;

	for (i = 0; i < n && !stop; i++) {
		if (make(&c, i) == 0)
			stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop;
}

/* Counted by the listing itself, so that the two never disagree. */
size_t
ns_count_children(struct ns_obj *o)
{
	size_t n = 0;

	if (o->cls->list == NULL || o->cls->list(o, count_one, &n) == -1)
		return 0;
	return n;
}

/* A node that cannot be listed has no count: "0" would say it is
 * empty.  One not ours to read is counted as passed over. */
static int
get_count(struct ns_obj *o, struct ns_val *v)
{
	size_t n = 0;

	if (o->cls->list == NULL) {
		errno = ENOTDIR;
		return -1;
	}
	if (o->cls->list(o, count_one, &n) == -1) {
		ns_fail(o->path, errno);
		return -1;
	}
	ns_val_num(v, n);
	return 0;
}

const struct ns_attr ns_core_attrs[] = {
	{ "path", NS_LINK, "the object's canonical path", get_path },
	{ "type", NS_STRING, "the kind of object", get_type },
	{ "summary", NS_STRING, "one line about the object", get_summary },
	{ "count", NS_NUMBER, "how many children a node has", get_count },
	{ NULL }
};

static const struct ns_attr *
find_in(const struct ns_attr *a, const char *name)
{
	for (; a != NULL && a->name != NULL; a++)
		if (strcasecmp(a->name, name) == 0)
			return a;
	return NULL;
}

const struct ns_attr *
ns_attr_find(const struct ns_class *cls, const char *name)
{
	const struct ns_attr *a;

	if ((a = find_in(ns_core_attrs, name)) != NULL)
		return a;
	return find_in(cls->attrs, name);
}

/*
 * One meaning of a column name: an attribute of that name and help, and
 * the types of the classes that have it so.  A name that means one
 * thing wherever it is has one meaning; "state" of a process and of a
 * socket are two.
 */
struct meaning {
	const struct ns_attr	 *attr;
	char			**types;	/* class types, each once */
	size_t			  ntypes;
};

struct meanings {
	struct meaning	*m;
	size_t		 n;
};

static void
meaning_add(struct meanings *ms, const struct ns_attr *a, const char *type)
{
	struct meaning *m;
	size_t i;

	for (i = 0; i < ms->n; i++)
		if (strcasecmp(ms->m[i].attr->name, a->name) == 0 &&
		    strcmp(ms->m[i].attr->help, a->help) == 0)
			break;
	if (i == ms->n) {
		ms->m = ns_xreallocarray(ms->m, ms->n + 1, sizeof(*ms->m));
		memset(&ms->m[ms->n], 0, sizeof(*ms->m));
		ms->m[ms->n++].attr = a;
	}
	m = &ms->m[i];
	if (type == NULL)
		return;
	for (i = 0; i < m->ntypes; i++)
		if (strcmp(m->types[i], type) == 0)
			return;
	m->types = ns_xreallocarray(m->types, m->ntypes + 1, sizeof(*m->types));
	m->types[m->ntypes++] = (char *)type;
}

/* How many meanings the name has. */
static size_t
meanings_of(const struct meanings *ms, const char *name)
{
	size_t i, n = 0;

	for (i = 0; i < ms->n; i++)
		if (strcasecmp(ms->m[i].attr->name, name) == 0)
			n++;
	return n;
}

/* The meaning as fn sees it: where its name has others, the help says
 * which classes it is of, "on process: ...". */
static void
meaning_emit(const struct meanings *ms, const struct meaning *m,
    void (*fn)(const struct ns_attr *, void *), void *arg)
{
	struct ns_attr a = *m->attr;
	char *help = NULL, *s;
	size_t i;

	if (m->ntypes > 0 && meanings_of(ms, a.name) > 1) {
		for (i = 0; i < m->ntypes; i++) {
			s = ns_xasprintf("%s%s%s", help != NULL ? help : "on ",
			    i > 0 ? ", " : "", m->types[i]);
			free(help);
			help = s;
		}
		s = ns_xasprintf("%s: %s", help, a.help);
		free(help);
		a.help = help = s;
	}
	fn(&a, arg);
	free(help);
}

/* Whether a class is among those top asks for: every class (NULL), the
 * classes of the provider of that top-level node, or those of a list of
 * class types, "fd,assoc". */
static int
wanted(const char *top, const struct ns_provider *p,
    const struct ns_class *c)
{
	size_t n = strlen(c->type);
	const char *s;

	if (top == NULL || strcmp(p->name, top) == 0)
		return 1;
	for (s = top; (s = strstr(s, c->type)) != NULL; s += n)
		if ((s == top || s[-1] == ',') && (s[n] == ',' || s[n] == '\0'))
			return 1;
	return 0;
}

/*
 * Every column name, the core's first, with each of its meanings: a
 * name whose help differs between classes is given once per help, each
 * saying the classes it is of, so that -H says what STATE or ID means
 * wherever it is found.
 */
void
ns_attr_each(const char *top, void (*fn)(const struct ns_attr *, void *),
    void *arg)
{
	const struct ns_provider *const *p;
	const struct ns_class *const *c;
	const struct ns_attr *a;
	struct meanings ms = { NULL, 0 };
	size_t i, j, n;
	int nodes = 0;

	p = ns_providers(&n);
	for (i = 0; i < n; i++)
		for (c = p[i]->classes; c != NULL && *c != NULL; c++)
			if (wanted(top, p[i], *c) && (*c)->list != NULL)
				nodes = 1;
	/* count is a node's: offered only where a node may be a row. */
	for (a = ns_core_attrs; a->name != NULL; a++)
		if (nodes || strcmp(a->name, "count") != 0)
			meaning_add(&ms, a, NULL);
	for (i = 0; i < n; i++)
		for (c = p[i]->classes; c != NULL && *c != NULL; c++) {
			if (!wanted(top, p[i], *c))
				continue;
			for (a = (*c)->attrs; a != NULL && a->name != NULL;
			    a++)
				/* The core's own shadow a class's. */
				if (find_in(ns_core_attrs, a->name) == NULL)
					meaning_add(&ms, a, (*c)->type);
		}
	/* In the order names came, a name's meanings together. */
	for (i = 0; i < ms.n; i++) {
		for (j = 0; j < i; j++)
			if (strcasecmp(ms.m[j].attr->name,
			    ms.m[i].attr->name) == 0)
				break;
		if (j < i)
			continue;
		for (j = i; j < ms.n; j++)
			if (strcasecmp(ms.m[j].attr->name,
			    ms.m[i].attr->name) == 0)
				meaning_emit(&ms, &ms.m[j], fn, arg);
	}
	for (i = 0; i < ms.n; i++)
		free(ms.m[i].types);
	free(ms.m);
}

const struct ns_attr *
ns_attr_any(const char *name)
{
	const struct ns_provider *const *p;
	const struct ns_class *const *c;
	const struct ns_attr *a;
	size_t i, n;

	if ((a = find_in(ns_core_attrs, name)) != NULL)
		return a;
	p = ns_providers(&n);
	for (i = 0; i < n; i++)
		for (c = p[i]->classes; c != NULL && *c != NULL; c++)
			if ((a = find_in((*c)->attrs, name)) != NULL)
				return a;
	return NULL;
}

int
ns_attr_get_kept(struct ns_obj *o, const struct ns_attr *a, struct ns_val *v)
{
	int r;

	if (ns_memo_has(o, a))
		return ns_attr_get(o, a, v);
	r = ns_attr_get(o, a, v);
	ns_memo_keep(o, a, v, r == -1 ? errno : 0);
	return r;
}

int
ns_attr_get(struct ns_obj *o, const struct ns_attr *a, struct ns_val *v)
{
	if (o->memo != NULL && ns_memo_has(o, a))
		return ns_memo_give(o, a, v);
	ns_val_reset(v);
	/* A getter that fails for want of a descriptor or of memory has a
	 * value it could not read: that is said here, once for every
	 * getter (rule 11), and the column shows none.  errno is cleared
	 * first, so that a getter's "none" is never taken for an older
	 * failure. */
	errno = 0;
	if (a->get(o, v) == -1 || v->n == 0) {
		if (errno == 0)
			errno = ENOENT;
		ns_fail_limit(o->path, errno);
		ns_val_reset(v);
		return -1;
	}
	return 0;
}

char *
ns_obj_attr(struct ns_obj *o, const char *name, size_t *n)
{
	const struct ns_attr *a;
	struct ns_val v = { 0 };

	if ((a = ns_attr_find(o->cls, name)) == NULL) {
		errno = ENOENT;
		return NULL;
	}
	errno = ENOENT;
	if (ns_attr_get(o, a, &v) == -1) {
		free(v.buf);
		return NULL;
	}
	*n = v.n;
	return v.buf;
}

static int
links_of(const struct ns_attr *a)
{
	if (a->type == NS_LINK)
		return 1;
	return a->type == NS_LINKS ? 2 : 0;
}

int
ns_obj_attrs(struct ns_obj *o, int (*fn)(const char *, int, void *),
    void *arg)
{
	const struct ns_attr *a;
	int r;

	for (a = ns_core_attrs; a->name != NULL; a++) {
		/* count is a node's only: an object has no children. */
		if (strcmp(a->name, "count") == 0 && o->cls->list == NULL)
			continue;
		if ((r = fn(a->name, links_of(a), arg)) != 0)
			return r;
	}
	for (a = o->cls->attrs; a != NULL && a->name != NULL; a++) {
		if (find_in(ns_core_attrs, a->name) != NULL)
			continue;
		if ((r = fn(a->name, links_of(a), arg)) != 0)
			return r;
	}
	return 0;
}
