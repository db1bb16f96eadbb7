/*
 * watch-list.c: the listings of the subtrees the core keeps
 * (watch-tree.c), each made in a worker process, read back and compared
 * with the copy.
 *
 * The providers keep what they read for the run (net.c's dumps, sock.c's
 * tables), which is right for a tool that answers once and wrong for one
 * that runs for days.  So this process never resolves a path itself: a
 * worker is forked for each round of listings, reads the namespace
 * afresh, writes what it found down a pipe and exits, as nsmount's
 * worker does.  Dirty marks gather while a round of events is read, so a
 * burst costs one worker, not one per message.
 */
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ns.h"
#include "watch-core.h"

/* ---- the worker: a fresh process lists the dirty subtrees ---- */

/* A linked object's attribute, read once a listing: the interface of
 * every route and neighbour is one of a few. */
#define MAXFOLLOWED	64

struct followed {
	char		*key;		/* "LINK-VALUE ATTR" */
	char		*value;		/* NULL: it has none */
};

struct walk {
	FILE		*fp;
	struct tree	*t;
	int		 depth;
	int		 failed;	/* a node could not be listed */
	struct followed	*seen;		/* shared by the whole listing */
	size_t		*nseen;
};

static char *attr_text(struct walk *, struct ns_obj *, const char *);

/* ATTR of the object the link names, as attr_text gives it. */
static char *
follow(struct walk *wk, const char *link, const char *attr)
{
	struct followed *f;
	struct ns_obj *to;
	char *key, *v = NULL;
	size_t i;

	key = ns_xasprintf("%s %s", link, attr);
	for (i = 0; i < *wk->nseen; i++)
		if (strcmp(wk->seen[i].key, key) == 0) {
			free(key);
			return wk->seen[i].value != NULL ?
			    ns_xstrdup(wk->seen[i].value) : NULL;
		}
	if ((to = ns_lookup_path(link)) != NULL) {
		v = attr_text(wk, to, attr);
		ns_obj_free(to);
	}
	if (*wk->nseen == MAXFOLLOWED) {
		free(key);
		return v;
	}
	f = &wk->seen[(*wk->nseen)++];
	f->key = key;
	f->value = v != NULL ? ns_xstrdup(v) : NULL;
	return v;
}

/* The value of an attribute, or with LINK.ATTR of the object a link
 * names, its elements joined as nscat joins them; NULL if none. */
static char *
attr_text(struct walk *wk, struct ns_obj *o, const char *spec)
{
	const char *dot = strchr(spec, '.');
	char *v, *p, *link;
	size_t n, k;

	if (dot != NULL) {
		link = ns_xstrdup(spec);
		link[dot - spec] = '\0';
		v = ns_obj_attr(o, link, &n);
		free(link);
		if (v == NULL)
			return NULL;
		p = follow(wk, v, dot + 1);
		free(v);
		return p;
	}
	if ((v = ns_obj_attr(o, spec, &n)) == NULL)
		return NULL;
	for (p = v, k = 0; k + 1 < n; k++) {
		p += strlen(p);
		*p++ = ',';
	}
	return v;
}

static void
emit_obj(struct walk *wk, struct ns_obj *o)
{
	char *v;
	int i;

	fwrite(ns_obj_path(o), 1, strlen(ns_obj_path(o)) + 1, wk->fp);
	for (i = 0; i < wk->t->nattrs; i++) {
		if ((v = attr_text(wk, o, wk->t->attrs[i])) != NULL) {
			fputs(v, wk->fp);
			free(v);
		}
		putc('\0', wk->fp);
	}
}

static int
walk_child(struct ns_obj *o, void *arg)
{
	struct walk *wk = arg, sub = *wk;

	if (wk->depth <= 1) {
		emit_obj(wk, o);
		return 0;
	}
	sub.depth--;
	sub.failed = 0;
	/* A node that went away meanwhile has nothing to list: that is no
	 * failure, but a table that could not be read whole is. */
	if (ns_list(o, walk_child, &sub) == -1 && errno != ENOENT)
		wk->failed = 1;
	wk->failed |= sub.failed;
	return 0;
}

/* A provider's own listing gives paths; the attributes are read here. */
static void
emit_path(const char *path, void *arg)
{
	struct walk *wk = arg;
	struct ns_obj *o;

	if (wk->t->nattrs == 0)
		fwrite(path, 1, strlen(path) + 1, wk->fp);
	else if ((o = ns_lookup_path(path)) != NULL) {
		emit_obj(wk, o);
		ns_obj_free(o);
	}
}

/* In the worker: the objects, an empty path, then "+", or "-" if the
 * subtree could not be listed whole (a dump the kernel kept
 * interrupting, say): a part listing must not pass for removals. */
static void
worker_tree(FILE *fp, struct tree *t)
{
	struct followed seen[MAXFOLLOWED];
	size_t nseen = 0;
	struct walk wk = { fp, t, t->def->depth, 0, seen, &nseen };
	struct ns_obj *top;

	if (t->def->list != NULL)
		t->def->list(emit_path, &wk);
	else if ((top = ns_lookup_path(t->def->top)) == NULL)
		wk.failed = 1;
	else {
		if (ns_list(top, walk_child, &wk) == -1)
			wk.failed = 1;
		ns_obj_free(top);
	}
	putc('\0', fp);
	fwrite(wk.failed ? "-" : "+", 1, 2, fp);
	while (nseen > 0) {
		free(seen[--nseen].key);
		free(seen[nseen].value);
	}
}

/* Whether an entry holds an identity value ent_set would cut. */
static int
too_long(const struct tree *t, const struct ent *e)
{
	const char *v[MAXATTR];
	int i;

	ns_watch_ent_vals(t, e, v);
	for (i = t->ncmp; i < t->nattrs; i++)
		if (strlen(v[i]) > IDENT_MAX)
			return 1;
	return 0;
}

/* Parse one subtree's part of the worker's answer at *p; NULL entries
 * (and *failed) when it could not be listed. */
static struct ent *
parse_tree(struct tree *t, const char **p, const char *end, size_t *n,
    int *failed)
{
	struct ent *ents = NULL;
	const char *s, *v;
	size_t cap = 0;
	int i;

	*n = 0;
	while (*p < end && **p != '\0') {
		s = *p;
		*p += strlen(s) + 1;
		v = *p;
		for (i = 0; i < t->nattrs && *p < end; i++)
			*p += strlen(*p) + 1;
		/* A worker that died mid-object: the listing failed. */
		if (i < t->nattrs)
			break;
		if (*n == cap && (ents = reallocarray(ents, cap = cap * 2 + 64,
		    sizeof(*ents))) == NULL)
			err(1, NULL);
		ents[*n].path = ns_xstrdup(s);
		ents[*n].vals = ns_xmalloc(*p - v + 1);
		memcpy(ents[*n].vals, v, *p - v);
		ents[*n].vals[*p - v] = '\0';
		ents[*n].vlen = *p - v;
		ents[*n].fresh = 0;
		/* A command line is kept cut, as a told one is. */
		if (too_long(t, &ents[*n]))
			ns_watch_ent_set(t, &ents[*n], NULL, NULL, 0);
		(*n)++;
	}
	if (*p < end)
		(*p)++;
	*failed = *p >= end || **p != '+';
	if (*p < end)
		*p += strlen(*p) + 1;
	return ents;
}

/* Read everything the worker says, then reap it. */
static char *
worker_read(int fd, pid_t pid, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t r;
	int status;

	*len = 0;
	for (;;) {
		if (*len == cap && (buf = realloc(buf, cap = cap * 2 + 65536))
		    == NULL)
			err(1, NULL);
		if ((r = read(fd, buf + *len, cap - *len)) == 0)
			break;
		if (r == -1) {
			if (errno == EINTR)
				continue;
			err(1, "worker");
		}
		*len += r;
	}
	/* A worker cut short leaves no string open past the end. */
	buf[*len] = '\0';
	close(fd);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	return buf;
}

char *
ns_watch_worker(void (*fn)(FILE *, void *), void *arg, size_t *len)
{
	int pfd[2];
	pid_t pid;
	FILE *fp;

	if (pipe(pfd) == -1 || (pid = fork()) == -1)
		err(1, "worker");
	if (pid == 0) {
		close(pfd[0]);
		if ((fp = fdopen(pfd[1], "w")) == NULL)
			_exit(1);
		fn(fp, arg);
		_exit(fclose(fp) == EOF);
	}
	close(pfd[1]);
	return worker_read(pfd[0], pid, len);
}

/* The worker of list_dirty: every dirty subtree. */
static void
write_dirty(FILE *fp, void *arg)
{
	struct ns_watch *w = arg;
	int i;

	for (i = 0; i < w->ntrees; i++)
		if (w->trees[i]->dirty)
			worker_tree(fp, w->trees[i]);
}

/* List every dirty subtree afresh in one worker and print the
 * differences; a subtree that could not be listed whole stays dirty: 1
 * if one did. */
static int
list_dirty(struct ns_watch *w)
{
	const char *p, *end;
	struct ent *ents;
	size_t len, n;
	char *buf;
	int i, failed, again = 0;

	for (i = 0; i < w->ntrees && !w->trees[i]->dirty; i++)
		;
	if (i == w->ntrees)
		return 0;
	buf = ns_watch_worker(write_dirty, w, &len);
	p = buf;
	end = buf + len;
	for (i = 0; i < w->ntrees; i++) {
		struct tree *t = w->trees[i];

		if (!t->dirty)
			continue;
		ents = parse_tree(t, &p, end, &n, &failed);
		if (failed) {
			while (n > 0)
				ns_watch_ent_free(&ents[--n]);
			free(ents);
			again = 1;
			continue;
		}
		t->dirty = 0;
		ns_watch_tree_replace(w, t, ents, n, !t->listed);
		t->listed = 1;
		t->lost = 0;
	}
	free(buf);
	return again;
}

/* A subtree that failed is tried twice more at once; after that, again
 * with the next event. */
void
ns_watch_resync(struct ns_watch *w)
{
	int tries;

	for (tries = 0; tries < 3 && list_dirty(w); tries++)
		;
}
