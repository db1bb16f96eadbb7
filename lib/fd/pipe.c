/*
 * pipe.c: the /pipe provider: pipes, by inode.
 *
 * A pipe has no name and no table of its own in the kernel: it is
 * known only by the descriptors that hold its ends, each of which reads
 * "pipe:[INODE]".  So the pipes are those the one scan of every
 * descriptor (fd.c's index) finds, and a pipe's readers and writers are
 * the descriptors of it opened for reading and for writing.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "provider.h"
#include "fdindex.h"

/* A pipe object's id: its inode. */
NS_OBJ_ID(0, pipe_ino, pipe_set_ino)

static ns_list_fn	top_list;
static ns_get_fn	top_summary, pipe_summary, get_inode, get_readers,
    get_writers;

static const struct ns_attr pipe_attrs[] = {
	NS_COL_INODE(get_inode),
	{ "readers", NS_LINKS, "the descriptors that read from the pipe",
	    get_readers },
	{ "writers", NS_LINKS, "the descriptors that write to the pipe",
	    get_writers },
	NS_ATTR_FDS,
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "pipes",
	.attrs = ns_no_attrs,
	.list = top_list,
	.summary = top_summary,
};

static const struct ns_class pipe_class = {
	.type = "pipe",
	.attrs = pipe_attrs,
	.summary = pipe_summary,
};

/* The inodes of every pipe, sorted, without repeats: made once a run. */
static struct {
	int		 loaded;
	uint64_t	*ino;
	size_t		 n, cap;
} pipes;

static int
add_pipe(struct fdent *e, void *arg)
{
	const char *link = ns_fd_ent_link(e) + strlen("pipe:[");
	char num[24];
	size_t len = strlen(link);
	uint64_t ino;

	if (len < 2 || len > sizeof(num) || link[len - 1] != ']')
		return 0;
	memcpy(num, link, len - 1);
	num[len - 1] = '\0';
	if (ns_parse_u64(num, UINT64_MAX, &ino) == -1)
		return 0;
	if (pipes.n == pipes.cap) {
		pipes.cap = pipes.cap ? pipes.cap * 2 : 64;
		pipes.ino = ns_xreallocarray(pipes.ino, pipes.cap,
		    sizeof(*pipes.ino));
	}
	pipes.ino[pipes.n++] = ino;
	return 0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void
pipes_load(void)
{
	size_t i, n = 0;

	if (pipes.loaded)
		return;
	pipes.loaded = 1;
	/* None may be found: a limit met (fail.c) leaves the index empty,
	 * and qsort wants a valid base even for nothing. */
	ns_fd_index_each("pipe:[", add_pipe, NULL);
	if (pipes.n == 0)
		return;
	qsort(pipes.ino, pipes.n, sizeof(*pipes.ino), cmp_u64);
	for (i = 0; i < pipes.n; i++)
		if (n == 0 || pipes.ino[n - 1] != pipes.ino[i])
			pipes.ino[n++] = pipes.ino[i];
	pipes.n = n;
}

static int
pipe_exists(uint64_t ino)
{
	pipes_load();
	/* bsearch wants a valid base even for no pipes. */
	return pipes.n > 0 && bsearch(&ino, pipes.ino, pipes.n,
	    sizeof(*pipes.ino), cmp_u64) != NULL;
}

static void
set_pipe(struct ns_obj *o, uint64_t ino)
{
	ns_obj_set(o, &pipe_class, "/pipe/%llu", (unsigned long long)ino);
	pipe_set_ino(o, ino);
}

static int
make_pipe(struct ns_obj *c, int i)
{
	set_pipe(c, pipes.ino[i]);
	return 0;
}

static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	pipes_load();
	return ns_emit_each((int)pipes.n, make_pipe, emit, arg);
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	pipes_load();
	ns_val_addf(v, "%zu pipe%s, by inode", pipes.n,
	    pipes.n == 1 ? "" : "s");
	return 0;
}

NS_GETTER_OBJ(inode, ns_val_num, pipe_ino(o))

/* The holders of one end of the pipe, by how they opened it. */
struct ends {
	struct ns_val	*v;
	int		 writers;
};

static int
add_end(struct fdent *e, void *arg)
{
	struct ends *ends = arg;

	if (ends->writers ? ns_fd_ent_writable(e) : ns_fd_ent_readable(e))
		ns_val_addf(ends->v, "/proc/%llu/fd/%d",
		    (unsigned long long)ns_fd_ent_pid(e), ns_fd_ent_fd(e));
	return 0;
}

static int
holders_by_end(struct ns_obj *o, struct ns_val *v, int writers)
{
	struct ends ends = { v, writers };
	size_t n = v->n;

	ns_fd_index_holders(o->path, add_end, &ends);
	if (v->n == n)
		return ns_none();
	return 0;
}

static int
get_readers(struct ns_obj *o, struct ns_val *v)
{
	return holders_by_end(o, v, 0);
}

static int
get_writers(struct ns_obj *o, struct ns_val *v)
{
	return holders_by_end(o, v, 1);
}

/* The processes at each end, by pid, each once. */
struct procs {
	char		 buf[256];
	uint64_t	 last;
	int		 writers;
};

static int
add_proc(struct fdent *e, void *arg)
{
	struct procs *p = arg;
	char one[32];

	if (!(p->writers ? ns_fd_ent_writable(e) : ns_fd_ent_readable(e)) ||
	    ns_fd_ent_pid(e) == p->last)
		return 0;
	p->last = ns_fd_ent_pid(e);
	snprintf(one, sizeof(one), "%s%llu", p->buf[0] ? "," : "",
	    (unsigned long long)p->last);
	strlcat(p->buf, one, sizeof(p->buf));
	return 0;
}

/* "pipe 1234: 567 -> 890", the writing processes first, as the data
 * flows. */
static int
pipe_summary(struct ns_obj *o, struct ns_val *v)
{
	struct procs w = { .writers = 1 }, r = { .writers = 0 };

	ns_fd_index_holders(o->path, add_proc, &w);
	ns_fd_index_holders(o->path, add_proc, &r);
	ns_val_addf(v, "pipe %llu: %s -> %s", (unsigned long long)pipe_ino(o),
	    w.buf[0] ? w.buf : "none", r.buf[0] ? r.buf : "none");
	return 0;
}

static int
pipe_lookup(struct ns_obj *o, char **comp, int n)
{
	uint64_t ino;

	if (n == 0)
		return ns_obj_set(o, &top_class, "/pipe");
	if (n > 1 || ns_parse_u64(comp[0], UINT64_MAX, &ino) == -1 ||
	    !pipe_exists(ino))
		return ns_none();
	set_pipe(o, ino);
	return 0;
}

NS_PROVIDER(ns_pipe_provider,
	.name = "pipe",
	.help = "pipes, by inode",
	.lookup = pipe_lookup,
	.classes = NS_CLASSES(&top_class, &pipe_class));
