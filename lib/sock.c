/*
 * sock.c: the /sock provider: sockets, by protocol and inode.
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
	ns_val_add(v, "sockets, by protocol and inode");
	return 0;
}

static const struct ns_attr top_attrs[] = {
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "sock",
	.attrs = top_attrs,
	.list = top_list,
	.summary = top_summary,
};

static int
sock_lookup(struct ns_obj *o, char **comp, int n)
{
	if (n > 0) {
		errno = ENOENT;
		return -1;
	}
	return ns_obj_set(o, &top_class, "/sock");
}

int
ns_sock_path(uint64_t inode, char *buf, size_t size)
{
	errno = ENOENT;
	return -1;
}

static const struct ns_class *const classes[] = {
	&top_class,
	NULL
};

const struct ns_provider sock_provider = {
	.name = "sock",
	.help = "sockets, by protocol and inode",
	.lookup = sock_lookup,
	.classes = classes,
};
