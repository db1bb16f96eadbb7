/*
 * val.c: attribute values under construction, and the small readers of
 * kernel text every provider shares.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "provider.h"

/* No value: the getters' answer for an attribute an object lacks. */
int
ns_none(void)
{
	errno = ENOENT;
	return -1;
}

static void
reserve(struct ns_val *v, size_t more)
{
	size_t cap;

	if (v->len + more <= v->cap)
		return;
	cap = v->cap ? v->cap : 64;
	while (cap < v->len + more)
		cap *= 2;
	if ((v->buf = realloc(v->buf, cap)) == NULL)
		err(1, NULL);
	v->cap = cap;
}

void
ns_val_addn(struct ns_val *v, const char *s, size_t n)
{
	reserve(v, n + 1);
	memcpy(v->buf + v->len, s, n);
	v->len += n;
	v->buf[v->len++] = '\0';
	v->n++;
}

void
ns_val_add(struct ns_val *v, const char *s)
{
	ns_val_addn(v, s, strlen(s));
}

/*
 * Formatted into the room the value has already: a value is cleared and
 * used again for each cell, so that the text is formatted once, not
 * measured first.  Only a text longer than the room is formatted twice.
 */
void
ns_val_addf(struct ns_val *v, const char *fmt, ...)
{
	va_list ap;
	size_t room;
	int n;

	reserve(v, 64);
	room = v->cap - v->len;
	va_start(ap, fmt);
	n = ns_vfmt(v->buf + v->len, room, fmt, ap);
	va_end(ap);
	if (n < 0)
		err(1, "vsnprintf");
	if ((size_t)n >= room) {
		reserve(v, (size_t)n + 1);
		va_start(ap, fmt);
		ns_vfmt(v->buf + v->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	v->len += (size_t)n + 1;
	v->n++;
}

/* A number's digits, without printf: every pid, fd and count of a
 * listing is one. */
void
ns_val_num(struct ns_val *v, unsigned long long n)
{
	char buf[24], *p = buf + sizeof(buf);

	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	ns_val_addn(v, p, (size_t)(buf + sizeof(buf) - p));
}

void
ns_val_named(struct ns_val *v, const char *name, unsigned long long n)
{
	if (name != NULL)
		ns_val_add(v, name);
	else
		ns_val_num(v, n);
}

int
ns_val_text(struct ns_val *v, const char *s)
{
	if (s == NULL || *s == '\0')
		return ns_none();
	ns_val_add(v, s);
	return 0;
}

void
ns_val_reset(struct ns_val *v)
{
	v->len = 0;
	v->n = 0;
}

void
ns_val_free(struct ns_val *v)
{
	free(v->buf);
	memset(v, 0, sizeof(*v));
}

/*
 * Read fd into buf until end of file or size bytes: the length, or -1
 * with errno; an interrupted read is read again.  *eof says whether the
 * end was seen, so that a caller that reads on does not ask twice.  With
 * single, a read shorter than asked is the end: so it is of a file the
 * kernel makes whole at the first read (single_open: fdinfo, status),
 * not of one it makes record by record (mountinfo, net/tcp).
 */
static ssize_t
read_upto(int fd, char *buf, size_t size, int single, int *eof)
{
	size_t len = 0;
	ssize_t n;

	*eof = 0;
	while (len < size) {
		if ((n = read(fd, buf + len, size - len)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		len += n;
		if (n == 0 || (single && len < size)) {
			*eof = 1;
			break;
		}
	}
	return len;
}

static ssize_t
read_file(const char *path, char *buf, size_t size, int single)
{
	ssize_t len;
	int fd, e, eof;

	if (size == 0) {
		errno = EINVAL;
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		ns_fail_limit(path, errno);
		return -1;
	}
	len = read_upto(fd, buf, size - 1, single, &eof);
	e = errno;
	close(fd);
	if (len == -1) {
		ns_fail_limit(path, e);
		errno = e;
		return -1;
	}
	if (len > 0 && buf[len - 1] == '\n')
		len--;
	buf[len] = '\0';
	return len;
}

ssize_t
ns_read_file(const char *path, char *buf, size_t size)
{
	return read_file(path, buf, size, 0);
}

ssize_t
ns_read_record(const char *path, char *buf, size_t size)
{
	return read_file(path, buf, size, 1);
}

/* The buffer doubles from a page, what the kernel fills a seq_file's
 * read from: a mount table or a status file that is more than 1 KiB was
 * three reads, each a walk of the table to where the last one ended. */
static char *
read_whole_at(int dfd, const char *path, int single)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t n;
	int fd, e, eof = 0;

	/* The core's reads say a limit they meet themselves (rule 11):
	 * no caller need tell it from an object that left. */
	if ((fd = openat(dfd, path, O_RDONLY | O_CLOEXEC)) == -1) {
		ns_fail_limit_at(dfd, path, errno);
		return NULL;
	}
	while (!eof) {
		if (cap - len < 2) {
			cap = cap ? cap * 2 : 4096;
			if ((buf = realloc(buf, cap)) == NULL)
				err(1, NULL);
		}
		if ((n = read_upto(fd, buf + len, cap - len - 1, single,
		    &eof)) == -1) {
			e = errno;
			close(fd);
			free(buf);
			ns_fail_limit_at(dfd, path, e);
			errno = e;
			return NULL;
		}
		len += n;
	}
	close(fd);
	buf[len] = '\0';
	return buf;
}

char *
ns_read_file_at(int dfd, const char *path)
{
	return read_whole_at(dfd, path, 0);
}

char *
ns_read_single_at(int dfd, const char *path)
{
	return read_whole_at(dfd, path, 1);
}

int
ns_parse_u64(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t n = 0;
	unsigned d;

	if (*s < '0' || *s > '9')
		return -1;
	/* A leading zero would give one object two names. */
	if (s[0] == '0' && s[1] != '\0')
		return -1;
	/* Digits alone, read here: strtoull(3) costs more than the rest of
	 * a listed descriptor's parsing. */
	for (; *s >= '0' && *s <= '9'; s++) {
		d = (unsigned)(*s - '0');
		if (d > max || n > (max - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	if (*s != '\0')
		return -1;
	*out = n;
	return 0;
}
