/*
 * memo.c: the values kept with an object.  A row that a filter let
 * through is printed with the values the filter read, not with values
 * read again (a counter, a state or a process's list can change in
 * between), and each is read once (attr.c's ns_attr_get_kept).  A few a
 * row at most, so a list.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

struct ns_memo {
	struct ns_memo		*next;
	const struct ns_attr	*attr;
	int			 err;	/* the errno of no value, or 0 */
	struct ns_val		 val;
};

static struct ns_memo *
memo_of(const struct ns_obj *o, const struct ns_attr *a)
{
	struct ns_memo *m;

	for (m = o->memo; m != NULL; m = m->next)
		if (m->attr == a)
			return m;
	return NULL;
}

int
ns_memo_has(const struct ns_obj *o, const struct ns_attr *a)
{
	return memo_of(o, a) != NULL;
}

int
ns_memo_give(const struct ns_obj *o, const struct ns_attr *a,
    struct ns_val *v)
{
	const struct ns_memo *m = memo_of(o, a);
	const char *e;
	size_t i;

	ns_val_reset(v);
	if (m->err != 0) {
		errno = m->err;
		return -1;
	}
	for (i = 0, e = m->val.buf; i < m->val.n; i++, e += strlen(e) + 1)
		ns_val_add(v, e);
	return 0;
}

void
ns_memo_keep(struct ns_obj *o, const struct ns_attr *a,
    const struct ns_val *v, int err)
{
	struct ns_memo *m;
	const char *e;
	size_t i;

	m = ns_xcalloc(sizeof(*m));
	m->attr = a;
	m->err = err;
	for (i = 0, e = v->buf; err == 0 && i < v->n; i++, e += strlen(e) + 1)
		ns_val_add(&m->val, e);
	m->next = o->memo;
	o->memo = m;
}

void
ns_memo_free(struct ns_obj *o)
{
	struct ns_memo *m;

	while ((m = o->memo) != NULL) {
		o->memo = m->next;
		ns_val_free(&m->val);
		free(m);
	}
}

void
ns_memo_copy(struct ns_obj *to, const struct ns_obj *from)
{
	const struct ns_memo *m;

	for (m = from->memo; m != NULL; m = m->next)
		ns_memo_keep(to, m->attr, &m->val, m->err);
}
