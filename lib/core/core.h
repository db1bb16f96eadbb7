/*
 * core.h: what the core's own files share and no provider needs.
 */
#ifndef NS_CORE_H
#define NS_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "provider.h"

/* Every registered provider, in recognize order. */
const struct ns_provider *const *ns_providers(size_t *);

/* The attribute called name (any case) that an object of cls has: its
 * own, or one the core gives every object (path, type, summary). */
const struct ns_attr	*ns_attr_find(const struct ns_class *, const char *);
/* The attribute of that name of any class: for column names and -H. */
const struct ns_attr	*ns_attr_any(const char *);
/* Call fn for every meaning of every attribute name, the core's first;
 * with top, only those of the provider of that top-level node, or of
 * the classes of a list of class types ("fd,assoc"). */
void			 ns_attr_each(const char *top,
			    void (*)(const struct ns_attr *, void *), void *);
/* ns_out_help_of with first's rows (a tool's own columns) before the
 * attributes, whose names they hide. */
int			 ns_out_help_with(const struct ns_attr *first,
			    const char *top, enum ns_format, int noheadings);
/* Fill v with the attribute's value: 0, or -1 if it has none.  A value
 * kept by ns_attr_get_kept is given again, not read anew. */
int			 ns_attr_get(struct ns_obj *, const struct ns_attr *,
			    struct ns_val *);
/* The same, and the value (or that there is none) kept with the object
 * until it is cleared: what a filter reads, the row then prints. */
int			 ns_attr_get_kept(struct ns_obj *,
			    const struct ns_attr *, struct ns_val *);
/* memo.c: whether a value of a is kept with o; give it into v (0, or
 * -1 with errno as it was); keep v, or that there was none (err); let
 * go of them all (ns_obj_clear does); copy them to another object
 * (ns_obj_dup does). */
int			 ns_memo_has(const struct ns_obj *,
			    const struct ns_attr *);
int			 ns_memo_give(const struct ns_obj *,
			    const struct ns_attr *, struct ns_val *);
void			 ns_memo_keep(struct ns_obj *, const struct ns_attr *,
			    const struct ns_val *, int err);
void			 ns_memo_free(struct ns_obj *);
void			 ns_memo_copy(struct ns_obj *to,
			    const struct ns_obj *from);
/* The same into out, which has room for 4 bytes a byte of s and a NUL:
 * the length written. */
size_t			 ns_escape_into(char *out, const char *s, int text);
/* One field of raw output: escaped by rule 5, blanks too, and never
 * empty: a missing or empty value is "-", a value of "-" is \x2d. */
void			 ns_raw_field(FILE *, const char *);
/* The n bytes at s as a message quotes them: escaped, NUL too, cut
 * after max characters with "..."; malloc'd. */
char			*ns_escape_cut(const char *s, size_t n, size_t max);
/* The most of an input a message quotes, in escaped characters. */
#define NS_QUOTE_MAX	256
/* Print an output table to fp as for a file that is no terminal: laid
 * out by the layer itself (own: JSON, raw output, a table that draws no
 * tree) or all by libsmartcols; for the tests, which compare the two. */
void			 ns_out_layout(struct ns_out *, FILE *, int own);
/* A size in bytes as lsblk writes it: 512B, 1.5K, 977K, 4.7G (powers of
 * 1024, a tenth where it is not 0), into buf. */
void			 ns_size_human(uint64_t, char *buf, size_t size);
/* outfit.c: a table at a terminal.  The terminal's width at fp. */
size_t			 ns_term_width(FILE *);
/* Whether fp is a terminal; if so, the table is set to fit its width
 * with no blanks at a line's end (libsmartcols's minout). */
struct libscols_table;
int			 ns_at_terminal(struct libscols_table *, FILE *);
/* Print the table for the terminal at fp, fitted, no line ending in a
 * blank: scols_print_table's result. */
int			 ns_print_fitted(struct libscols_table *, FILE *);
/* Which columns a table of n columns, width[i] wide with a heading of
 * head[i], must have cut to fit termw: of those with cut[i] 1 (may be
 * cut), the widest first and the first column last, as few as make the
 * rest and them at their headings' width fit; each chosen gets 2. */
void			 ns_fit_choose(const size_t *width, const size_t *head,
			    int *cut, size_t n, size_t termw);
/* The width w[i] each of those chosen is cut to, one column at a time
 * from the widest, none below floor[i]; the others keep width[i]. */
void			 ns_fit_widths(const size_t *width, const size_t *floor,
			    const int *cut, size_t n, size_t termw, size_t *w);
/* A cell of escaped ASCII with every line wider than w cut to w, its
 * last column the one-column mark; NULL where none is wider. */
char			*ns_fit_cut(const char *cell, size_t w, const char *mark);
/* The core's own attributes, ending in a NULL name. */
extern const struct ns_attr ns_core_attrs[];

#endif
