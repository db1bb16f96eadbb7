/*
 * procparse.c: the readers of /proc/PID/stat and /proc/PID/status text
 * (procparse.h), apart from the files' reading, for the /proc provider
 * and for the descriptors' holders (fdent.c) alike.  The comm may hold
 * any byte: in stat it is found between the first '(' and the last ')',
 * in status the kernel escapes the two bytes that could end its line.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "procparse.h"

/* The next space-separated field of a stat line, or NULL. */
static char *
next_field(char **s)
{
	char *f;

	while (**s == ' ')
		(*s)++;
	if (**s == '\0')
		return NULL;
	f = *s;
	while (**s != ' ' && **s != '\0')
		(*s)++;
	if (**s == ' ')
		*(*s)++ = '\0';
	return f;
}

/*
 * Fields of /proc/PID/stat, numbered as proc(5) numbers them, after the
 * comm: the comm may hold any byte, ')' and spaces included, so the
 * fields start after the last ')' on the line.
 */
#define F_STATE		3
#define F_PPID		4
#define F_TTY		7
#define F_THREADS	20
#define F_START		22

int
ns_proc_parse_stat(struct proc_info *p, char *buf)
{
	char *open, *close, *s, *f;
	uint64_t n;
	int i;

	if ((open = strchr(buf, '(')) == NULL ||
	    (close = strrchr(buf, ')')) == NULL || close < open)
		return -1;
	p->comm = ns_xstrndup(open + 1, close - open - 1);
	s = close + 1;
	for (i = F_STATE; i <= F_START && (f = next_field(&s)) != NULL; i++) {
		if (i == F_STATE) {
			p->state = f[0];
			continue;
		}
		if (i != F_PPID && i != F_TTY && i != F_THREADS &&
		    i != F_START)
			continue;
		/* tty_nr is printed signed: a negative one is no tty. */
		if (ns_parse_u64(f, UINT64_MAX, &n) == -1)
			n = 0;
		if (i == F_PPID)
			p->ppid = n;
		else if (i == F_TTY)
			p->tty = n;
		else if (i == F_THREADS)
			p->threads = n;
		else
			p->start = n;
	}
	return i > F_START ? 0 : -1;
}

/* The text after "Key:" on the status line that starts with it, or
 * NULL. */
static const char *
status_line(const char *buf, const char *key)
{
	const char *s;
	size_t klen = strlen(key);

	for (s = buf; s != NULL; s = strchr(s, '\n')) {
		if (*s == '\n')
			s++;
		if (strncmp(s, key, klen) == 0)
			return s + klen;
	}
	return NULL;
}

/* One number of a status line, skipping the blanks before it; the end
 * of it, or NULL if there is none or it runs into anything but a blank
 * or the line's end. */
static const char *
status_number(const char *s, uint64_t *v)
{
	char *end;

	while (*s == '\t' || *s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return NULL;
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (errno || (*end != '\t' && *end != ' ' && *end != '\n' &&
	    *end != '\0'))
		return NULL;
	return end;
}

/* The numbers after a "Key:" at the start of a status line. */
int
ns_proc_status_ids(const char *buf, const char *key, uint64_t *ids, int n)
{
	const char *s;
	int i;

	if ((s = status_line(buf, key)) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if ((s = status_number(s, &ids[i])) == NULL)
			return -1;
	return 0;
}

/*
 * The Name line: the comm as /proc/PID/comm holds it, but for the two
 * bytes the kernel escapes there, a newline as "\\n" and a backslash as
 * "\\\\", so that no name can pass for another line.
 */
int
ns_proc_status_name(const char *buf, char *name, size_t size)
{
	const char *s;
	size_t n = 0;
	char c;

	if (size == 0 || (s = status_line(buf, "Name:")) == NULL)
		return -1;
	if (*s == '\t')
		s++;
	for (; *s != '\n' && *s != '\0'; s++) {
		if ((c = *s) == '\\') {
			if (s[1] != 'n' && s[1] != '\\')
				return -1;
			c = *++s == 'n' ? '\n' : '\\';
		}
		if (n + 1 == size)
			return -1;
		name[n++] = c;
	}
	name[n] = '\0';
	return 0;
}

/* NSpid has one pid a level, as many as the process is deep. */
int
ns_proc_parse_nspid(const char *buf, uint64_t *ids, int max)
{
	const char *s;
	int n;

	if ((s = status_line(buf, "NSpid:")) == NULL)
		return -1;
	for (n = 0;; n++) {
		while (*s == '\t' || *s == ' ')
			s++;
		if (*s == '\n' || *s == '\0')
			break;
		if (n == max || (s = status_number(s, &ids[n])) == NULL)
			return -1;
	}
	return n > 0 ? n : -1;
}
