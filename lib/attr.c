/*
 * attr.c: finding attributes by name.  Every object has the core's own
 * (path, type, summary, and count for a node); the rest come from its
 * class.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>

#include "core.h"

static int
get_path(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, o->path);
	return 0;
}

static int
get_type(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, o->cls->type);
	return 0;
}

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
ns_emit_each(int n, int (*set)(struct ns_obj *, int), ns_emit_fn emit,
    void *arg)
{
	struct ns_obj c = { 0 };
	int i, stop = 0;

	for (i = 0; i < n && !stop; i++) {
		if (set(&c, i) == 0)
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
		if (errno == EACCES || errno == EPERM)
			ns_skip_path(o->path);
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

/* Call fn for a unless an attribute of its name was given before. */
static void
each_once(const struct ns_attr *a, const struct ns_attr ***seen, size_t *n,
    void (*fn)(const struct ns_attr *, void *), void *arg)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcasecmp((*seen)[i]->name, a->name) == 0)
			return;
	if ((*seen = reallocarray(*seen, *n + 1, sizeof(**seen))) == NULL)
		err(1, NULL);
	(*seen)[(*n)++] = a;
	fn(a, arg);
}

void
ns_attr_each(const char *top, void (*fn)(const struct ns_attr *, void *),
    void *arg)
{
	const struct ns_provider *const *p;
	const struct ns_class *const *c;
	const struct ns_attr *a, **seen = NULL;
	size_t i, n, nseen = 0;

	for (a = ns_core_attrs; a->name != NULL; a++)
		each_once(a, &seen, &nseen, fn, arg);
	p = ns_providers(&n);
	for (i = 0; i < n; i++) {
		if (top != NULL && strcmp(p[i]->name, top) != 0)
			continue;
		for (c = p[i]->classes; c != NULL && *c != NULL; c++)
			for (a = (*c)->attrs; a != NULL && a->name != NULL;
			    a++)
				each_once(a, &seen, &nseen, fn, arg);
	}
	free(seen);
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
ns_attr_get(struct ns_obj *o, const struct ns_attr *a, struct ns_val *v)
{
	ns_val_reset(v);
	if (a->get(o, v) == -1 || v->n == 0) {
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
