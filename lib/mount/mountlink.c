/*
 * mountlink.c: the text of a link nsmount serves (mountlink.h), and the
 * checks that keep it in the mount.
 *
 * The text is not trusted because the code that made it looks right: it
 * is resolved again, component by component, from the link's directory,
 * and served only if that lands on the target without climbing above the
 * root.  The check is thus independent of how the text was built, and a
 * path that slipped past the canonical test (it should not) still cannot
 * make a link that leaves the mount.  A component is also read as rule 5
 * unescapes it, since every tool takes the escaped form as input: a
 * "\x2e\x2e" that a later reader unescapes must not become a "..".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"
#include "mountlink.h"

/* Whether the n bytes at c are a "." or ".." component. */
static int
is_dot(const char *c, size_t n)
{
	return (n == 1 && c[0] == '.') ||
	    (n == 2 && c[0] == '.' && c[1] == '.');
}

/* Whether the n bytes at c make a good component, raw and unescaped;
 * tmp has room for them. */
static int
good_component(const char *c, size_t n, char *tmp)
{
	if (n == 0 || is_dot(c, n))
		return 0;
	memcpy(tmp, c, n);
	tmp[n] = '\0';
	ns_unescape(tmp);
	return *tmp != '\0' && !is_dot(tmp, strlen(tmp)) &&
	    strchr(tmp, '/') == NULL;
}

int
ns_path_canonical(const char *path)
{
	const char *c;
	char *tmp;
	size_t n;
	int good = 1;

	if (path == NULL || path[0] != '/')
		return 0;
	if (path[1] == '\0')
		return 1;
	tmp = ns_xmalloc(strlen(path));
	for (c = path + 1;; c += n + 1) {
		n = strcspn(c, "/");
		if (!(good = good_component(c, n, tmp)) || c[n] == '\0')
			break;
	}
	free(tmp);
	return good;
}

/* The length of "/host/NAME" where path lies under another machine,
 * else 0. */
static size_t
machine_len(const char *path)
{
	if (strncmp(path, "/host/", 6) != 0)
		return 0;
	return 6 + strcspn(path + 6, "/");
}

/* Whether path is top or lies under it. */
static int
under(const char *path, const char *top, size_t n)
{
	return strncmp(path, top, n) == 0 &&
	    (path[n] == '\0' || path[n] == '/');
}

/*
 * Whether the relative text, followed from the directory from as the
 * kernel follows it, reaches to and never climbs above the root.
 */
static int
leads_to(const char *from, const char *text, const char *to)
{
	const char *c;
	char *at;
	size_t len, n;
	int good = 1;

	if (*text == '/')
		return 0;
	len = strcmp(from, "/") == 0 ? 0 : strlen(from);
	at = ns_xmalloc(len + strlen(text) + 2);
	memcpy(at, from, len);
	for (c = text;; c += n + 1) {
		n = strcspn(c, "/");
		if (n == 2 && c[0] == '.' && c[1] == '.') {
			if (len == 0) {
				good = 0;
				break;
			}
			while (at[--len] != '/')
				;
		} else if (!(n == 1 && c[0] == '.')) {
			at[len++] = '/';
			memcpy(at + len, c, n);
			len += n;
		}
		if (c[n] == '\0')
			break;
	}
	at[len] = '\0';
	good = good && strcmp(len > 0 ? at : "/", to) == 0;
	free(at);
	return good;
}

char *
ns_mount_link(const char *from, const char *to)
{
	const char *f, *t, *fe, *te, *q;
	size_t m, ups, i;
	char *s, *p;

	if (!ns_path_canonical(from) || !ns_path_canonical(to))
		goto bad;
	/* A link of another machine's names that machine's objects. */
	if ((m = machine_len(from)) > 0 && !under(to, from, m))
		goto bad;
	if (under(to, "/fs", 3)) {
		if (m > 0)
			goto bad;
		return ns_xstrdup(to[3] == '\0' ? "/" : to + 3);
	}
	/* Skip the components the two have in common. */
	for (f = from + 1, t = to + 1; *f != '\0';) {
		fe = f + strcspn(f, "/");
		te = t + strcspn(t, "/");
		if (fe - f != te - t || memcmp(f, t, fe - f) != 0)
			break;
		f = fe + (*fe == '/');
		t = te + (*te == '/');
	}
	/* Up from what is left of the directory, down to the target. */
	for (ups = *f != '\0', q = f; *q != '\0'; q++)
		ups += *q == '/';
	s = p = ns_xmalloc(3 * ups + strlen(t) + 2);
	for (i = 0; i < ups; i++, p += 3)
		memcpy(p, "../", 3);
	strcpy(p, t);
	if (*t == '\0' && ups > 0)
		p[-1] = '\0';
	else if (*t == '\0')
		strcpy(s, ".");
	if (!leads_to(from, s, to)) {
		free(s);
		goto bad;
	}
	return s;
bad:
	errno = EINVAL;
	return NULL;
}
