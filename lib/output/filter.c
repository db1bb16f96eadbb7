/*
 * filter.c: -Q, a filter expression (query.c) matched against objects.
 *
 * The expression is parsed once, its names checked against every
 * attribute some class has, so that a misspelt one is a usage error
 * rather than a filter that quietly matches nothing; each object is then
 * asked for only the attributes the expression reaches, through its own
 * class, so that an attribute the object lacks is a missing value.
 */
#include <err.h>
#include <stdlib.h>

#include "core.h"
#include "query.h"

static int
known(const char *name)
{
	return ns_attr_any(name) != NULL;
}

static int
get(void *arg, const char *name, struct ns_val *v, enum ns_type *type)
{
	struct ns_obj *o = arg;
	const struct ns_attr *a;

	if ((a = ns_attr_find(o->cls, name)) == NULL)
		return -1;
	*type = a->type;
	/* Kept: the row this lets through prints what was matched. */
	return ns_attr_get_kept(o, a, v);
}

struct ns_query *
ns_filter_new_known(const char *expr, int (*names)(const char *))
{
	struct ns_query *q;
	char msg[512];

	if ((q = ns_query_parse(expr, names != NULL ? names : known, msg,
	    sizeof(msg))) == NULL)
		warnx("-Q: %s", msg);
	return q;
}

struct ns_query *
ns_filter_new(const char *expr)
{
	return ns_filter_new_known(expr, NULL);
}

int
ns_filter_match(struct ns_query *q, struct ns_obj *o)
{
	return q == NULL || ns_query_match(q, get, o);
}

void
ns_filter_free(struct ns_query *q)
{
	ns_query_free(q);
}
