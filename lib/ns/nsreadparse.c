/*
 * nsreadparse.c: the parsers of namespaces (nsparse.h): the names of
 * their types and the text of an nsfs link, then what they hold: the id
 * maps of a user namespace, a time namespace's offsets, the cgroups of a
 * cgroup namespace.  The kernel writes them, but a process in a
 * namespace of its own decides much of what they say (a cgroup's name
 * may hold any byte but '/' and NUL), so each is checked as untrusted
 * text.
 */
#include <errno.h>
#include <sched.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "nsparse.h"

const char *const ns_nsfs_types[NSFS_NTYPES] = {
	"cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts"
};

static const int type_flags[NSFS_NTYPES] = {
	CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNS, CLONE_NEWNET,
	CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS
};

int
ns_nsfs_type_index(const char *name)
{
	int t;

	for (t = 0; t < NSFS_NTYPES; t++)
		if (strcmp(ns_nsfs_types[t], name) == 0)
			return t;
	return -1;
}

int
ns_nsfs_type_of_flag(int flag)
{
	int t;

	for (t = 0; t < NSFS_NTYPES; t++)
		if (type_flags[t] == flag)
			return t;
	return -1;
}

int
ns_nsfs_type_flag(int type)
{
	return type_flags[type];
}

int
ns_nsfs_parse(const char *text, uint64_t *ino)
{
	char name[16], num[24];
	const char *colon, *end;
	size_t len;
	int t;

	if ((colon = strchr(text, ':')) == NULL || colon[1] != '[')
		return -1;
	len = colon - text;
	if (len == 0 || len >= sizeof(name))
		return -1;
	memcpy(name, text, len);
	name[len] = '\0';
	if ((t = ns_nsfs_type_index(name)) == -1)
		return -1;
	end = colon + 2 + strcspn(colon + 2, "]");
	len = end - (colon + 2);
	if (*end != ']' || end[1] != '\0' || len == 0 || len >= sizeof(num))
		return -1;
	memcpy(num, colon + 2, len);
	num[len] = '\0';
	if (ns_parse_u64(num, UINT64_MAX, ino) == -1 || *ino == 0)
		return -1;
	return t;
}

#define BLANKS	" \t"

/* A word of digits, with a '-' before it if sign: its end, or NULL. */
static const char *
number(const char *s, int sign)
{
	const char *start;

	if (sign && *s == '-')
		s++;
	start = s;
	while (*s >= '0' && *s <= '9')
		s++;
	if (s == start || s - start > 20)
		return NULL;
	return s;
}

/* Copy the n words of numbers at s to out, one blank between them;
 * what follows the last must be the end of the line.  0 or -1. */
static int
numbers(const char *s, int n, int sign, char *out, size_t size)
{
	const char *end;
	size_t len = 0, w;
	int i;

	for (i = 0; i < n; i++) {
		s += strspn(s, BLANKS);
		if ((end = number(s, sign)) == NULL || (*end != '\0' &&
		    *end != '\n' && strchr(BLANKS, *end) == NULL))
			return -1;
		w = end - s;
		if (len + w + (i > 0) >= size)
			return -1;
		if (i > 0)
			out[len++] = ' ';
		memcpy(out + len, s, w);
		len += w;
		s = end;
	}
	s += strspn(s, BLANKS);
	if (*s != '\0' && *s != '\n')
		return -1;
	out[len] = '\0';
	return 0;
}

int
ns_idmap_line(const char *line, char *out, size_t size)
{
	return numbers(line, 3, 0, out, size);
}

int
ns_idmap_up(const char *map, uint64_t id, uint64_t *out)
{
	unsigned long long in, outside, count;
	const char *s;
	int n;

	for (s = map; *s != '\0'; s += strcspn(s, "\n"), s += *s == '\n') {
		/* strchr finds the NUL too: a last line with no newline. */
		if (sscanf(s, "%llu %llu %llu%n", &in, &outside, &count, &n) !=
		    3 || strchr(" \t\n", s[n]) == NULL)
			continue;
		if (id >= in && id - in < count) {
			*out = outside + (id - in);
			return 0;
		}
	}
	return -1;
}

int
ns_timens_offset(const char *text, const char *clock, char *out,
    size_t size)
{
	const char *s;
	size_t n = strlen(clock);

	for (s = text; *s != '\0'; s += strcspn(s, "\n"), s += *s == '\n') {
		s += strspn(s, BLANKS);
		if (strncmp(s, clock, n) == 0 && strchr(BLANKS, s[n]) != NULL &&
		    s[n] != '\0')
			return numbers(s + n, 2, 1, out, size);
	}
	return -1;
}

int
ns_cgroup_unified(const char *text, char *out, size_t size)
{
	const char *s;
	size_t n;

	for (s = text; *s != '\0'; s += n, s += *s == '\n') {
		n = strcspn(s, "\n");
		if (strncmp(s, "0::/", 4) != 0)
			continue;
		if (n - 3 >= size)
			return -1;
		memcpy(out, s + 3, n - 3);
		out[n - 3] = '\0';
		return 0;
	}
	return -1;
}

/* Whether a cgroup path has a ".." component: a cgroup outside the
 * reader's root, which says nothing of where that root is. */
static int
climbs(const char *path)
{
	const char *s;

	for (s = path; (s = strstr(s, "..")) != NULL; s += 2)
		if (s[-1] == '/' && (s[2] == '/' || s[2] == '\0'))
			return 1;
	return 0;
}

int
ns_cgroup_root(const char *outer, const char *inner, char *out, size_t size)
{
	size_t lo = strlen(outer), li = strlen(inner);

	if (*outer != '/' || *inner != '/' || climbs(outer) || climbs(inner))
		return -1;
	if (strcmp(inner, "/") == 0)
		li = 0;
	if (li > lo || (li > 0 && strcmp(outer + lo - li, inner) != 0))
		return -1;
	lo -= li;
	if (lo == 0)
		return strlcpy(out, "/", size) < size ? 0 : -1;
	/* inner begins with '/', so the root left ends at a component. */
	if (lo >= size)
		return -1;
	memcpy(out, outer, lo);
	out[lo] = '\0';
	return 0;
}

int
ns_cgroup_file(const char *cgroup, const char *mroot, const char *target,
    char *out, size_t size)
{
	size_t n = strlen(mroot);
	const char *rest;

	if (*cgroup != '/' || *mroot != '/' || *target != '/')
		return -1;
	if (strcmp(mroot, "/") == 0)
		rest = cgroup;
	else if (strncmp(cgroup, mroot, n) == 0 &&
	    (cgroup[n] == '/' || cgroup[n] == '\0'))
		rest = cgroup + n;
	else
		return -1;
	if (strcmp(rest, "/") == 0)
		rest = "";
	if (strcmp(target, "/") == 0)
		target = *rest == '\0' ? "/" : "";
	return (size_t)snprintf(out, size, "%s%s", target, rest) < size ?
	    0 : -1;
}
