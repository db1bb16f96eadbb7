/*
 * watch-tree.c: the copy the core keeps of each subtree a source
 * watches, and the two things that change it: the kernel's word, which
 * a source gives through ns_source_note, and a listing (watch-list.c),
 * whose differences from the copy are printed.
 *
 * The copy keeps, beside the compared attributes, those that say which
 * object it is (a subtree's ident: an interface's name, a process's
 * command line), as last listed or told, so that an object's removal
 * says what it was when it can no longer be asked.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"
#include "watch-core.h"

/* ---- subtrees: the copy kept, and the differences from a listing ---- */

static int
cmp_ent(const void *a, const void *b)
{
	return strcmp(((const struct ent *)a)->path,
	    ((const struct ent *)b)->path);
}

static struct ent *
tree_find(const struct tree *t, const char *path, size_t *at)
{
	size_t lo = 0, hi = t->n, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(path, t->ents[mid].path)) == 0) {
			*at = mid;
			return &t->ents[mid];
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*at = lo;
	return NULL;
}

void
ns_watch_ent_free(struct ent *e)
{
	free(e->path);
	free(e->vals);
}

static void
tree_forget(struct tree *t, const char *path)
{
	struct ent *e;
	size_t at;

	if ((e = tree_find(t, path, &at)) == NULL)
		return;
	ns_watch_ent_free(e);
	memmove(e, e + 1, (t->n - at - 1) * sizeof(*e));
	t->n--;
}

/* The entry of path, made (fresh: no values yet) if there is none. */
static struct ent *
tree_keep(struct tree *t, const char *path)
{
	struct ent *e;
	size_t at;

	if ((e = tree_find(t, path, &at)) != NULL)
		return e;
	t->ents = ns_xreallocarray(t->ents, t->n + 1, sizeof(*t->ents));
	e = &t->ents[at];
	memmove(e + 1, e, (t->n - at) * sizeof(*e));
	t->n++;
	e->path = ns_xstrdup(path);
	e->vals = ns_xcalloc(t->nattrs + 1);
	e->vlen = t->nattrs;
	e->fresh = 1;
	return e;
}

/* Split an entry's values into v. */
void
ns_watch_ent_vals(const struct tree *t, const struct ent *e, const char **v)
{
	const char *p = e->vals;
	int i;

	for (i = 0; i < t->nattrs; i++) {
		v[i] = p;
		p += strlen(p) + 1;
	}
}

/* The kept attribute of that name, or -1. */
static int
kept(const struct tree *t, const char *name)
{
	int i;

	for (i = 0; i < t->nattrs; i++)
		if (strcmp(t->names[i], name) == 0)
			return i;
	return -1;
}

/* Whether name is of the tree's identity. */
static int
is_ident(const struct tree *t, const char *name)
{
	int k;

	for (k = 0; t != NULL && k < t->nident; k++)
		if (strcmp(t->names[t->ident[k]], name) == 0)
			return 1;
	return 0;
}

/* Set an entry's values of the attributes named, those that are kept;
 * an identity value that is not compared is cut at IDENT_MAX. */
void
ns_watch_ent_set(const struct tree *t, struct ent *e, const char *const *names,
    const char *const *vals, int n)
{
	const char *v[MAXATTR];
	char *buf = NULL;
	size_t len = 0, k;
	FILE *fp;
	int i, j;

	ns_watch_ent_vals(t, e, v);
	for (j = 0; j < n; j++)
		if ((i = kept(t, names[j])) >= 0)
			v[i] = vals[j];
	if ((fp = open_memstream(&buf, &len)) == NULL)
		err(1, NULL);
	for (i = 0; i < t->nattrs; i++) {
		k = strlen(v[i]);
		if (i >= t->ncmp && k > IDENT_MAX) {
			fwrite(v[i], 1, IDENT_MAX - 3, fp);
			fputs("...", fp);
		} else
			fwrite(v[i], 1, k, fp);
		putc('\0', fp);
	}
	if (fclose(fp) == EOF)
		err(1, NULL);
	free(e->vals);
	e->vals = buf;
	e->vlen = len;
}

/* What an entry says it is: its identity's names and values, the empty
 * ones left out; how many. */
static int
ent_ident(const struct tree *t, const struct ent *e, const char **names,
    const char **vals)
{
	const char *v[MAXATTR];
	int k, n = 0;

	if (t == NULL || e == NULL)
		return 0;
	ns_watch_ent_vals(t, e, v);
	for (k = 0; k < t->nident; k++)
		if (v[t->ident[k]][0] != '\0') {
			names[n] = t->names[t->ident[k]];
			vals[n++] = v[t->ident[k]];
		}
	return n;
}

/*
 * What the kernel said of an object and what the copy keeps, for the
 * changes cell of an add, remove or move: the names said that are no
 * identity first (a move's "to", a socket's cookie), then the identity,
 * a value said before one kept, none empty; how many, 2 * MAXATTR at
 * most.
 */
static int
merged(const struct tree *t, const struct ent *e, const char *const *names,
    const char *const *vals, int n, const char **on, const char **ov)
{
	const char *kn[MAXATTR], *kv[MAXATTR];
	int i, j, k, nk, m = 0;

	for (j = 0; j < n && m < MAXATTR; j++)
		if (!is_ident(t, names[j]) && vals[j][0] != '\0') {
			on[m] = names[j];
			ov[m++] = vals[j];
		}
	nk = ent_ident(t, e, kn, kv);
	for (k = 0; t != NULL && k < t->nident; k++) {
		i = t->ident[k];
		for (j = 0; j < n && strcmp(names[j], t->names[i]) != 0; j++)
			;
		if (j < n && vals[j][0] != '\0') {
			on[m] = names[j];
			ov[m++] = vals[j];
			continue;
		}
		for (j = 0; j < nk && strcmp(kn[j], t->names[i]) != 0; j++)
			;
		if (j < nk) {
			on[m] = kn[j];
			ov[m++] = kv[j];
		}
	}
	return m;
}

/* An add or remove a listing found, with what the entry says it is. */
static void
print_ent(struct ns_watch *w, struct tree *t, const char *action,
    const struct ent *e)
{
	const char *names[MAXATTR], *vals[MAXATTR];
	int n;

	if (!ns_watch_want(w, t, e->path))
		return;
	n = ent_ident(t, e, names, vals);
	ns_watch_emit(w, action, e->path, t->src, names, vals, n, names, vals,
	    n);
}

static void
print_diff(struct ns_watch *w, struct tree *t, const struct ent *old,
    const struct ent *new)
{
	const char *ov[MAXATTR], *nv[MAXATTR], *names[MAXATTR];
	const char *vals[MAXATTR], *kn[MAXATTR], *kv[MAXATTR];
	int i, n = 0, nk, moved = 0;

	ns_watch_ent_vals(t, old, ov);
	ns_watch_ent_vals(t, new, nv);
	for (i = 0; i < t->ncmp; i++) {
		if (strcmp(ov[i], nv[i]) == 0)
			continue;
		names[n] = t->names[i];
		vals[n++] = nv[i];
		moved |= i == t->moved;
	}
	if (n == 0 || !ns_watch_want(w, t, new->path))
		return;
	nk = ent_ident(t, new, kn, kv);
	ns_watch_emit(w, moved ? "move" : "change", new->path, t->src, names,
	    vals, n, kn, kv, nk);
}

/*
 * Print what differs between the copy kept and a new listing (nothing
 * for a first listing, which only sets the copy), and keep the listing
 * instead.  In a told subtree, objects come and go by the kernel's word
 * alone, unless events were lost: one the copy lacks is left for its
 * message, one the listing lacks is let go, its message to say so.
 */
void
ns_watch_tree_replace(struct ns_watch *w, struct tree *t, struct ent *ents,
    size_t n, int quiet)
{
	struct ent *keep;
	size_t i = 0, j = 0, k = 0;
	int c, heard = t->def->told && !t->lost && !quiet;

	/* An empty listing may have no array at all. */
	if (n > 0)
		qsort(ents, n, sizeof(*ents), cmp_ent);
	keep = reallocarray(NULL, t->n + n + 1, sizeof(*keep));
	if (keep == NULL)
		err(1, NULL);
	while (i < t->n || j < n) {
		c = i == t->n ? 1 : j == n ? -1 :
		    strcmp(t->ents[i].path, ents[j].path);
		if (c < 0) {
			if (!quiet && !heard)
				print_ent(w, t, "remove", &t->ents[i]);
			ns_watch_ent_free(&t->ents[i++]);
		} else if (c > 0 && heard)
			ns_watch_ent_free(&ents[j++]);
		else if (c > 0) {
			if (!quiet)
				print_ent(w, t, "add", &ents[j]);
			keep[k++] = ents[j++];
		} else {
			if (!quiet && !t->ents[i].fresh)
				print_diff(w, t, &t->ents[i], &ents[j]);
			ns_watch_ent_free(&t->ents[i++]);
			keep[k++] = ents[j++];
		}
	}
	free(t->ents);
	free(ents);
	t->ents = keep;
	t->n = k;
}

/* ---- a source's subtrees ---- */

/* Keep the attribute spec (NAME, LINK.ATTR) as name: its index. */
static int
tree_attr(struct tree *t, const char *name, const char *spec)
{
	int i;

	if ((i = kept(t, name)) >= 0)
		return i;
	if (t->nattrs == MAXATTR)
		errx(1, "%s: too many attributes", t->def->top);
	t->attrs[t->nattrs] = spec;
	t->names[t->nattrs] = name;
	return t->nattrs++;
}

/* Split def's attributes (compared) and ident (kept) into t. */
static void
tree_attrs(struct tree *t, const struct ns_tree *def)
{
	const char *attrs = def->attrs != NULL ? def->attrs : "";
	const char *ident = def->ident != NULL ? def->ident : "";
	size_t na = strlen(attrs), ni = strlen(ident);
	char *p, *a, *eq;

	t->attrbuf = ns_xmalloc(na + ni + 2);
	memcpy(t->attrbuf, attrs, na + 1);
	memcpy(t->attrbuf + na + 1, ident, ni + 1);
	for (p = t->attrbuf; na > 0 && (a = strsep(&p, ",")) != NULL;) {
		if (def->moved != NULL && strcmp(a, def->moved) == 0)
			t->moved = t->nattrs;
		tree_attr(t, a, a);
	}
	t->ncmp = t->nattrs;
	for (p = t->attrbuf + na + 1; ni > 0 && (a = strsep(&p, ",")) !=
	    NULL;) {
		if ((eq = strchr(a, '=')) != NULL)
			*eq++ = '\0';
		if (t->nident < MAXATTR)
			t->ident[t->nident++] = tree_attr(t, a,
			    eq != NULL ? eq : a);
	}
}

int
ns_source_tree(struct ns_source *s, const struct ns_tree *def)
{
	struct ns_watch *w = s->w;
	struct tree *t;

	t = ns_xcalloc(sizeof(*t));
	t->def = def;
	t->src = s;
	t->moved = -1;
	t->dirty = 1;
	tree_attrs(t, def);
	if ((w->trees = reallocarray(w->trees, w->ntrees + 1,
	    sizeof(*w->trees))) == NULL ||
	    (s->trees = reallocarray(s->trees, s->ntrees + 1,
	    sizeof(*s->trees))) == NULL)
		err(1, NULL);
	w->trees[w->ntrees++] = t;
	s->trees[s->ntrees] = t;
	return s->ntrees++;
}

void
ns_source_dirty(struct ns_source *s, int i)
{
	int k;

	for (k = 0; k < s->ntrees; k++)
		if (i == -1 || i == k)
			s->trees[k]->dirty = 1;
}

/* The subtree of the source that path lies in, or NULL. */
static struct tree *
tree_of(const struct ns_source *s, const char *path)
{
	const struct ns_tree *d;
	int k;

	for (k = 0; k < s->ntrees; k++) {
		d = s->trees[k]->def;
		if (ns_watch_under(path, d->objs != NULL ? d->objs : d->top))
			return s->trees[k];
	}
	return NULL;
}

int
ns_source_knows(struct ns_source *s, const char *path)
{
	const struct tree *t = tree_of(s, path);
	size_t at;

	return t != NULL && tree_find(t, path, &at) != NULL;
}

void
ns_source_event(struct ns_source *s, const char *action, const char *path)
{
	ns_source_note(s, action, path, NULL, NULL, 0);
}

/* An add, remove or move: said with what the object is. */
static void
note_whole(struct ns_source *s, struct tree *t, const char *action,
    const char *path, const char *const *names, const char *const *vals,
    int n)
{
	const char *on[2 * MAXATTR], *ov[2 * MAXATTR];
	struct ent *e = NULL;
	size_t at;
	int m, add = strcmp(action, "add") == 0;

	/* The copy follows the kernel's word, so that a later listing
	 * prints only what no event told. */
	if (t != NULL && add)
		ns_watch_ent_set(t, e = tree_keep(t, path), names, vals, n);
	else if (t != NULL)
		e = tree_find(t, path, &at);
	m = merged(t, e, names, vals, n, on, ov);
	if (ns_watch_want(s->w, t, path))
		ns_watch_emit(s->w, action, path, s, on, ov, m, on, ov, m);
	if (t != NULL && !add)
		tree_forget(t, path);
}

void
ns_source_note(struct ns_source *s, const char *action, const char *path,
    const char *const *names, const char *const *vals, int n)
{
	const char *kn[MAXATTR], *kv[MAXATTR];
	struct tree *t = tree_of(s, path);
	struct ent *e = NULL;
	size_t at;
	int i, nk;

	/* A move that takes the object out of the subtree ends it here. */
	for (i = 0; i < n && strcmp(names[i], "to") != 0; i++)
		;
	if (strcmp(action, "add") == 0 || strcmp(action, "remove") == 0 ||
	    i < n) {
		note_whole(s, t, action, path, names, vals, n);
		return;
	}
	if (t != NULL && (e = tree_find(t, path, &at)) != NULL)
		ns_watch_ent_set(t, e, names, vals, n);
	nk = ent_ident(t, e, kn, kv);
	if (ns_watch_want(s->w, t, path))
		ns_watch_emit(s->w, action, path, s, names, vals, n, kn, kv,
		    nk);
}

void
ns_source_lost(struct ns_source *s)
{
	int k;

	for (k = 0; k < s->ntrees; k++) {
		if (ns_watch_wants(s->w, s->trees[k]->def->top))
			ns_watch_emit(s->w, "lost", s->trees[k]->def->top, s,
			    NULL, NULL, 0, NULL, NULL, 0);
		s->trees[k]->dirty = 1;
		s->trees[k]->lost = 1;
	}
}
