/*
 * net.c: the /net provider: addresses, routes and neighbours.
 *
 * Only the top node exists yet; its objects come with their provider.
 */
#include <errno.h>

#include "provider.h"

static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	return 0;
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, "addresses, routes and neighbours");
	return 0;
}

static const struct ns_attr top_attrs[] = {
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "net",
	.attrs = top_attrs,
	.list = top_list,
	.summary = top_summary,
};

static int
net_lookup(struct ns_obj *o, char **comp, int n)
{
	if (n > 0) {
		errno = ENOENT;
		return -1;
	}
	return ns_obj_set(o, &top_class, "/net");
}

static const struct ns_class *const classes[] = {
	&top_class,
	NULL
};

const struct ns_provider net_provider = {
	.name = "net",
	.help = "addresses, routes and neighbours",
	.lookup = net_lookup,
	.classes = classes,
};
