/*
 * netnsrefs.c: the sockets that keep a network namespace alive.
 *
 * A socket holds a reference to the network namespace it was made in,
 * so a namespace whose processes all left lives on while any process
 * elsewhere holds one of its sockets (a container's, passed out over a
 * unix socket, or kept by its supervisor).  Which namespace a socket is
 * of is the /sock provider's to say, through the socket's netns
 * attribute; the sockets come from the one scan of every descriptor
 * (fdindex.c), and each is asked once a run, whichever namespace is
 * asked about.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fdindex.h"
#include "nstab.h"

/* A socket asked: its path, or "" where none is known, and its
 * namespace's path, "" where none is. */
struct asked {
	uint64_t	 ino;
	char		*path;
	char		*netns;
};

static struct asked *asked;
static size_t nasked, askedcap;

static struct asked *
asked_find(uint64_t ino)
{
	size_t i;

	/* Most holders come in turn, so the last asked is tried first. */
	for (i = nasked; i-- > 0;)
		if (asked[i].ino == ino)
			return &asked[i];
	return NULL;
}

/* The socket of a descriptor, asked of its provider once a run. */
static struct asked *
ask(uint64_t ino, uint64_t pid, int fd)
{
	char path[64];
	struct ns_obj o;
	struct asked *a;
	char *netns;
	size_t n;

	if ((a = asked_find(ino)) != NULL)
		return a;
	if (nasked == askedcap) {
		askedcap = askedcap ? askedcap * 2 : 64;
		asked = ns_xreallocarray(asked, askedcap, sizeof(*asked));
	}
	a = &asked[nasked++];
	a->ino = ino;
	a->path = a->netns = NULL;
	if (ns_sock_path_held(ino, pid, fd, path, sizeof(path)) == -1 ||
	    ns_resolve_into(&o, path) == -1)
		goto none;
	netns = ns_obj_attr(&o, "netns", &n);
	ns_obj_clear(&o);
	if (netns == NULL)
		goto none;
	a->path = ns_xstrdup(path);
	a->netns = netns;
	return a;
none:
	a->path = ns_xstrdup("");
	a->netns = ns_xstrdup("");
	return a;
}

struct keep {
	uint64_t	 netns;
	const uint64_t	*pids;		/* its members, not counted */
	size_t		 npids;
	char		 want[48];	/* its path */
	uint64_t	*seen;		/* sockets added */
	size_t		 nseen;
	struct ns_val	*v;
};

static int
member(const struct keep *k, uint64_t pid)
{
	size_t i;

	for (i = 0; i < k->npids; i++)
		if (k->pids[i] == pid)
			return 1;
	return 0;
}

static int
held_socket(struct fdent *fe, void *arg)
{
	struct keep *k = arg;
	const char *link = ns_fd_ent_link(fe), *s;
	struct asked *a;
	uint64_t ino;
	char num[24];
	size_t n;

	if (member(k, ns_fd_ent_pid(fe)))
		return 0;
	s = link + strlen("socket:[");
	n = strcspn(s, "]");
	if (n == 0 || n >= sizeof(num) || s[n] != ']')
		return 0;
	memcpy(num, s, n);
	num[n] = '\0';
	if (ns_parse_u64(num, UINT64_MAX, &ino) == -1)
		return 0;
	a = ask(ino, ns_fd_ent_pid(fe), ns_fd_ent_fd(fe));
	if (strcmp(a->netns, k->want) == 0 &&
	    !ns_seen(&k->seen, &k->nseen, ino))
		ns_val_add(k->v, a->path);
	return 0;
}

void
ns_nstab_net_sockets(const struct nsent *e, struct ns_val *v)
{
	struct keep k = { .netns = e->ino, .v = v };

	/* A copy of the members: asking a socket may grow the table. */
	k.npids = e->npids;
	k.pids = ns_xmalloc((k.npids + 1) * sizeof(*k.pids));
	if (k.npids > 0)
		memcpy((uint64_t *)k.pids, e->pids, k.npids * sizeof(*k.pids));
	snprintf(k.want, sizeof(k.want), "/ns/net/%llu",
	    (unsigned long long)e->ino);
	ns_fd_index_each("socket:[", held_socket, &k);
	free((uint64_t *)k.pids);
	free(k.seen);
}
