/*
 * query.h: filter expressions (-Q), private to the core, the unit tests
 * and the fuzz target.
 *
 * The grammar is lsfd's and lsblk's (util-linux 2.40), so that habits
 * carry over:
 *
 *	expr	= and { ("||" | "or") and }
 *	and	= unary { ("&&" | "and") unary }
 *	unary	= ("!" | "not") unary | "(" expr ")" | cmp
 *	cmp	= operand [ op operand ]
 *	op	= "==" | "!=" | "<" | "<=" | ">" | ">=" | "=~" | "!~"
 *		| "eq" | "ne" | "lt" | "le" | "gt" | "ge"
 *	operand	= NAME | NUMBER | STRING | "true" | "false"
 *
 * A NAME is an attribute, in either case; a STRING is quoted with " or ',
 * a backslash taking the next byte as itself.  An operand alone is true
 * when it has a value that is not empty, 0, "no" or "false".
 */
#ifndef NS_QUERY_H
#define NS_QUERY_H

#include <stddef.h>

#include "provider.h"

struct ns_query;

/* Whether an attribute of this name exists, for the parser's errors. */
typedef int (*ns_query_known_fn)(const char *name);

/* Fill v with the values of the attribute called name, and *type with
 * its type: 0, or -1 if the object has no value for it. */
typedef int (*ns_query_get_fn)(void *arg, const char *name,
    struct ns_val *v, enum ns_type *type);

/* Parse an expression; NULL on an error, said in err as "column N:
 * what" (N counts bytes from 1). */
struct ns_query	*ns_query_parse(const char *expr, ns_query_known_fn known,
		    char *err, size_t errsize);
/* Whether the object whose values get gives matches: 1 or 0. */
int		 ns_query_match(struct ns_query *, ns_query_get_fn get,
		    void *arg);
/* The attribute names the expression reads, each once, in the order
 * they first appear; n of them. */
const char	*ns_query_name(const struct ns_query *, size_t i);
size_t		 ns_query_nnames(const struct ns_query *);
void		 ns_query_free(struct ns_query *);

#endif
