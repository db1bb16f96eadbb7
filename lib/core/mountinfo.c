/*
 * mountinfo.c: /proc/self/mountinfo, one line a mount:
 *
 *	36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw
 *
 * id, parent, st_dev, root, target, options, optional fields up to "-",
 * then type, source and the file system's options (proc(5)).
 */
#include <sys/sysmacros.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"
#include "provider.h"
#include "mountinfo.h"

void
ns_mountinfo_unescape(char *s)
{
	char *d = s;

	for (; *s != '\0'; s++, d++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 |
			    (s[3] - '0'));
			s += 3;
		} else
			*d = *s;
	}
	*d = '\0';
}

/* The next word, cut off in place; NULL at the end of the line. */
static char *
word(char **s)
{
	char *w;

	*s += strspn(*s, " ");
	if (**s == '\0')
		return NULL;
	w = *s;
	*s += strcspn(*s, " ");
	if (**s == ' ')
		*(*s)++ = '\0';
	return w;
}

int
ns_mountinfo_parse(char *line, struct ns_mountinfo *m)
{
	char *s = line, *f[5], *w, *colon, *fstype, *source;
	uint64_t maj, min;
	int i;

	for (i = 0; i < 5; i++)
		if ((f[i] = word(&s)) == NULL)
			return -1;
	/* The options, then the optional fields up to the separator. */
	do {
		if ((w = word(&s)) == NULL)
			return -1;
	} while (strcmp(w, "-") != 0);
	if ((fstype = word(&s)) == NULL || (source = word(&s)) == NULL)
		return -1;
	if ((colon = strchr(f[2], ':')) == NULL)
		return -1;
	*colon = '\0';
	if (ns_parse_u64(f[0], UINT64_MAX, &m->id) == -1 ||
	    ns_parse_u64(f[1], UINT64_MAX, &m->parent) == -1 ||
	    ns_parse_u64(f[2], 4095, &maj) == -1 ||
	    ns_parse_u64(colon + 1, 1048575, &min) == -1)
		return -1;
	m->dev = makedev(maj, min);
	ns_mountinfo_unescape(f[3]);
	ns_mountinfo_unescape(f[4]);
	ns_mountinfo_unescape(source);
	m->root = f[3];
	m->target = f[4];
	m->fstype = fstype;
	m->source = source;
	return 0;
}

int
ns_mountinfo_each(int (*fn)(const struct ns_mountinfo *, void *), void *arg)
{
	struct ns_mountinfo m;
	char *text, *line, *next;
	int r = 0;

	if ((text = ns_read_file_at(AT_FDCWD, "/proc/self/mountinfo")) == NULL)
		return -1;
	for (line = text; r == 0 && line != NULL && *line != '\0';
	    line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (ns_mountinfo_parse(line, &m) == 0)
			r = fn(&m, arg);
	}
	free(text);
	return r;
}
