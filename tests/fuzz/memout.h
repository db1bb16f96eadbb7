/*
 * memout.h: the output layer writing into memory, for the targets that
 * fuzz it (out, columns): a table laid out by the layer itself, as every
 * tool prints to a pipe, on a memory stream whose bytes the target then
 * checks.
 */
#ifndef MEMOUT_H
#define MEMOUT_H

#include <stdio.h>
#include <stdlib.h>

#include "ns.h"
#include "core.h"

/* A stream into memory and what was written to it, once closed. */
struct memout {
	FILE	*fp;
	char	*buf;
	size_t	 len;
};

static inline void
memout_open(struct memout *m)
{
	m->buf = NULL;
	m->len = 0;
	if ((m->fp = open_memstream(&m->buf, &m->len)) == NULL)
		abort();
}

/* A table of objects in the format, laid out by the layer itself. */
static inline struct ns_out *
memout_table(struct memout *m, enum ns_format fmt, int noheadings)
{
	struct ns_out *out;

	out = ns_out_new(fmt, noheadings, "objects");
	ns_out_layout(out, m->fp, 1);
	return out;
}

/* Close the stream: m->buf holds what was written, m->len bytes. */
static inline void
memout_close(struct memout *m)
{
	if (fclose(m->fp) == EOF)
		abort();
}

#endif
