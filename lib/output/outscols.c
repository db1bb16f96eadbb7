/*
 * outscols.c: libsmartcols' table, made when first needed (a table at a
 * terminal, a tree, pairs) in the format asked for, with a column for
 * each of the listing's; a listing laid out here to a pipe never loads
 * the library (out.c).
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>

#include "core.h"
#include "lazy.h"
#include "outpriv.h"

struct libscols_table *
ns_out_new_table(enum ns_format fmt, int noheadings, const char *name)
{
	struct libscols_table *tb;

	if ((tb = scols_new_table()) == NULL)
		err(1, NULL);
	scols_table_enable_noheadings(tb, noheadings);
	switch (fmt) {
	case NS_FMT_TABLE:
		scols_table_enable_noencoding(tb, 1);
		break;
	case NS_FMT_RAW:
		scols_table_enable_raw(tb, 1);
		break;
	case NS_FMT_PAIRS:
		scols_table_enable_export(tb, 1);
		break;
	case NS_FMT_JSON:
		scols_table_enable_json(tb, 1);
		scols_table_set_name(tb, name);
		break;
	}
	return tb;
}

/* What ns_out_layout asks of libsmartcols' table. */
void
ns_out_laid_out(struct ns_out *out)
{
	scols_table_set_stream(out->tb, out->fp);
	scols_table_set_termforce(out->tb, SCOLS_TERMFORCE_NEVER);
	scols_table_enable_minout(out->tb, 0);
}

/* libsmartcols' wrapping of a cell at its newlines, called through the
 * table of lazy.h. */
static size_t
wrap_size(const struct libscols_column *cl, const char *data, void *arg)
{
	return scols_wrapnl_chunksize(cl, data, arg);
}

static char *
wrap_next(const struct libscols_column *cl, char *data, void *arg)
{
	return scols_wrapnl_nextchunk(cl, data, arg);
}

/* Column i of libsmartcols' table, of attribute a. */
void
ns_out_scols_col(struct ns_out *out, const struct ns_attr *a, size_t i)
{
	struct libscols_column *cl;
	int flags = 0;
	char *name;

	if (a->type == NS_NUMBER)
		flags |= SCOLS_FL_RIGHT;
	if (a->type == NS_LINKS || a->type == NS_STRINGS)
		flags |= SCOLS_FL_WRAP;
	if (out->tree && i == out->treecol)
		flags |= SCOLS_FL_TREE;
	name = ns_out_key(a->name, out->fmt == NS_FMT_PAIRS &&
	    (out->flags & NS_OUT_SHELL));
	/* The first column, never cut, may be narrowed where nothing else
	 * makes the table fit: libsmartcols then prints a longer cell
	 * whole and the rest of its row on the next line, as lsblk's
	 * NAME at a narrow terminal. */
	cl = scols_table_new_column(out->tb, name, i == 0 ? 0.3 : 0, flags);
	free(name);
	if (cl == NULL)
		err(1, NULL);
	switch (a->type) {
	case NS_NUMBER:
		scols_column_set_json_type(cl, SCOLS_JSON_NUMBER);
		break;
	case NS_LINKS:
	case NS_STRINGS:
		scols_column_set_json_type(cl, SCOLS_JSON_ARRAY_STRING);
		scols_column_set_wrapfunc(cl, wrap_size, wrap_next, NULL);
		break;
	default:
		break;
	}
}

/*
 * libsmartcols' table, made when first needed: a table at a terminal, a
 * tree, pairs.  A listing laid out here (own) to a pipe never loads the
 * library.  The columns so far are added to it in their order.
 */
struct libscols_table *
ns_out_table(struct ns_out *out)
{
	size_t i;

	if (out->tb != NULL)
		return out->tb;
	out->tb = ns_out_new_table(out->fmt, out->noheadings, out->name);
	if (out->laidout)
		ns_out_laid_out(out);
	for (i = 0; i < out->ncols; i++)
		ns_out_scols_col(out, out->cols[i].attr, i);
	return out->tb;
}
