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

/* A stream into memory: what is written to it is in *buf, *len bytes,
 * once memout_close has been called. */
static inline FILE *
memout_open(char **buf, size_t *len)
{
	FILE *fp;

	*buf = NULL;
	*len = 0;
	if ((fp = open_memstream(buf, len)) == NULL)
		abort();
	return fp;
}

/* A table of objects in the format, laid out by the layer onto fp. */
static inline struct ns_out *
memout_table(FILE *fp, enum ns_format fmt, int noheadings)
{
	struct ns_out *out;

	out = ns_out_new(fmt, noheadings, "objects");
	ns_out_layout(out, fp, 1);
	return out;
}

static inline void
memout_close(FILE *fp)
{
	if (fclose(fp) == EOF)
		abort();
}

#endif
