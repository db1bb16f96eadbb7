/*
 * outpriv.h: what the output layer's files share and no other file
 * needs: a listing's state, its columns, and the functions by which
 * out.c calls outwrite.c, outfit.c, outscols.c and outcell.c, each of
 * them those after it.
 */
#ifndef NS_OUTPRIV_H
#define NS_OUTPRIV_H

#include <stddef.h>
#include <stdio.h>

#include "core.h"

/* The classes a column remembers the attribute of: rows of a few
 * classes in turn (a descriptor, a mapping, a socket) find theirs at
 * once. */
#define COLUMN_CLASSES	8

struct column {
	const struct ns_attr	*attr;	/* the catalog's entry, for the type */
	const struct ns_class	*cls[COLUMN_CLASSES];	/* looked up... */
	const struct ns_attr	*hit[COLUMN_CLASSES];	/* ...their
							   attribute, or NULL */
	unsigned		 next;	/* the slot to fill next */
	int			 human;	/* a size, written 1.5G */
};

struct ns_out {
	/* made when first needed: ns_out_table() */
	struct libscols_table	*tb;
	int			 laidout;	/* ns_out_layout was called */
	enum ns_format		 fmt;
	struct column		*cols;
	size_t			 ncols;
	size_t			 rows;	/* buffered, not yet printed */
	int			 printed;
	int			 tree;	/* a column draws the tree */
	size_t			 treecol;	/* which */
	int			 term;	/* a table at a terminal, to fit */
	unsigned		 flags;	/* NS_OUT_BYTES, NS_OUT_SHELL */
	struct ns_val		 val;
	FILE			*fp;
	/* The rows of a table laid out here (own): ncols cells a row,
	 * NULL for an empty one, and each column's width so far; for a
	 * JSON tree, the index of each row's parent. */
	int			 own;
	int			 noheadings;
	const char		**cells;
	size_t			 ncells, capcells;
	struct block		*blocks;	/* the cells' text */
	char			*scratch;	/* a cell being made */
	size_t			 capscratch;
	size_t			*width;
	size_t			*parent, capparent;
	const char		*name;	/* the JSON array's */
	struct ns_query		*query;	/* -Q: the rows ns_out_row adds */
};

#define NO_PARENT	((size_t)-1)

/* outcell.c: a name in capitals, malloc'd. */
char			*ns_out_upper(const char *);
/* outscols.c: libsmartcols' table of the listing, made when first
 * needed. */
struct libscols_table	*ns_out_table(struct ns_out *);
/* outcell.c: a value's cell text into *buf, grown to fit: its length. */
size_t			 ns_out_cell_text(const struct ns_val *, enum ns_type,
			    enum ns_format, int human, char **buf, size_t *cap);
/* The attribute of a column in an object of cls, or NULL. */
const struct ns_attr	*ns_out_column_attr(struct column *,
			    const struct ns_class *cls);
/* The longest line of a cell. */
size_t			 ns_out_cell_width(const char *);

/* outwrite.c: a row kept, its cells' text laid out here (own). */
struct ns_row		*ns_out_own_row(struct ns_out *, struct ns_obj *,
			    struct ns_row *parent);
/* A column added once rows are kept: each row gains an empty cell. */
void			 ns_out_own_widen(struct ns_out *);
/* The rows kept so far handed to libsmartcols, which prints them. */
void			 ns_out_own_to_scols(struct ns_out *);
/* The rows kept let go of, once printed. */
void			 ns_out_own_clear(struct ns_out *);
/* Whether the tree can be drawn here, and not by libsmartcols. */
int			 ns_out_own_drawable(const struct ns_out *);
/* The rows kept, printed as raw output, as a table and as JSON. */
void			 ns_out_own_raw(struct ns_out *);
void			 ns_out_own_print(struct ns_out *);
void			 ns_out_own_json(struct ns_out *);

/* outfit.c: the table cut to fit the terminal, before it is printed. */
void			 ns_out_fit(struct ns_out *);

/* outcell.c: a key of pairs output or a heading; whether a column is a
 * number of bytes in every class that has it; a cell's text malloc'd,
 * for libsmartcols, which frees it. */
char			*ns_out_key(const char *name, int shell);
int			 ns_out_is_size(const struct ns_attr *);
char			*ns_out_cell(const struct ns_val *, enum ns_type,
			    enum ns_format, int human);
/* outscols.c: a new libsmartcols table of the format; what
 * ns_out_layout asks of one; column i of it, of attribute a. */
struct libscols_table	*ns_out_new_table(enum ns_format, int noheadings,
			    const char *name);
void			 ns_out_laid_out(struct ns_out *);
void			 ns_out_scols_col(struct ns_out *,
			    const struct ns_attr *, size_t i);

#endif
