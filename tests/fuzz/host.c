/*
 * What another machine's tools reply, and what goes to its shell
 * (hostparse.h), fuzzed: a reply the reader takes is rows of fields,
 * none both null and holding values, each found again by its key; the
 * quoting of any argument, read back as a POSIX shell reads single
 * quotes, gives the argument.  And the prefix rule: every value of a
 * reply taken as a path of that machine is either refused or a path
 * under /host/NAME with no empty, "." or ".." component, which no
 * resolver can fold out of the prefix, and which round-trips through
 * rule 5's escape.
 */
#include "hostparse.h"
#include "ns.h"

#include "fuzz.h"

/* The words of a quoted argument as sh reads them: quotes taken off, a
 * backslash outside them taking the next byte. */
static char *
unquote(const char *s)
{
	char *out, *q;
	int in = 0;

	if ((out = malloc(strlen(s) + 1)) == NULL)
		abort();
	for (q = out; *s; s++) {
		if (*s == '\'')
			in = !in;
		else if (!in && *s == '\\' && s[1] != '\0')
			*q++ = *++s;
		else {
			/* Outside quotes only safe bytes may stand. */
			FUZZ_CHECK(in || strchr(" \t\n;&|<>()$`\"*?[#~",
			    *s) == NULL);
			*q++ = *s;
		}
	}
	FUZZ_CHECK(!in);
	*q = '\0';
	return out;
}

/* The input fed as a reply comes, in chunks of its first byte's size,
 * each in a buffer of its own: the same answer as one parse, r, and the
 * same document as whole. */
static void
fed(const uint8_t *data, size_t size, int r, const struct host_doc *whole)
{
	struct host_stream st;
	struct host_doc doc;
	size_t step = size > 0 ? 1 + data[0] % 97 : 1, at;
	char *buf;

	ns_host_stream_init(&st, &doc);
	for (at = 0; at < size; at += step) {
		if ((buf = malloc(at + 1)) == NULL)
			abort();
		memcpy(buf, data, at);
		ns_host_stream_feed(&st, buf, at);
		free(buf);
	}
	FUZZ_CHECK(ns_host_stream_end(&st, (const char *)data, size) == r);
	if (r == 0) {
		FUZZ_CHECK(ns_host_doc_equal(whole, &doc));
		ns_host_doc_free(&doc);
	}
}

/* The prefix rule for one value of a reply. */
static void
prefixed(const char *rpath)
{
	static const char prefix[] = "/host/web1";
	char buf[64], *local, *c, *esc, *back;
	size_t n;

	local = ns_host_local_path("web1", rpath, buf, sizeof(buf));
	FUZZ_CHECK((local != NULL) == ns_host_path_ok(rpath));
	if (local == NULL)
		return;
	n = strlen(prefix);
	FUZZ_CHECK(strncmp(local, prefix, n) == 0);
	FUZZ_CHECK(local[n] == '\0' || local[n] == '/');
	for (c = local + n; *c == '/'; c += strcspn(c, "/")) {
		c++;
		FUZZ_CHECK(*c != '/' && *c != '\0');
		FUZZ_CHECK(strncmp(c, "./", 2) != 0 && strcmp(c, ".") != 0);
		FUZZ_CHECK(strncmp(c, "../", 3) != 0 && strcmp(c, "..") != 0);
	}
	/* What a tool prints of it reads back as the same bytes, and
	 * the remote path is what the escape of its part gives. */
	if ((esc = ns_escape(local)) == NULL || (back = strdup(esc)) == NULL)
		abort();
	ns_unescape(back);
	FUZZ_CHECK(strcmp(back, local) == 0);
	FUZZ_CHECK(strcmp(rpath, "/") == 0 ? strcmp(esc, prefix) == 0 :
	    strcmp(esc + n, rpath) == 0);
	free(back);
	free(esc);
	if (local != buf)
		free(local);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct host_doc doc;
	const struct host_field *f;
	char *text, *q, *back;
	size_t i, j, k;
	int r;

	r = ns_host_parse((const char *)data, size, &doc);
	fed(data, size, r, &doc);
	if (r == 0) {
		FUZZ_CHECK(doc.n == 0 || doc.name != NULL);
		for (i = 0; i < doc.n; i++)
			for (j = 0; j < doc.rows[i].n; j++) {
				f = &doc.rows[i].f[j];
				FUZZ_CHECK(f->key != NULL);
				FUZZ_CHECK(!f->null || f->n == 0);
				for (k = 0; k < f->n; k++) {
					FUZZ_CHECK(f->vals[k] != NULL);
					prefixed(f->vals[k]);
				}
				ns_host_word_ok(f->key);
				f = ns_host_row_field(&doc.rows[i], f->key);
				FUZZ_CHECK(f != NULL && f <= &doc.rows[i].f[j]);
			}
		ns_host_doc_free(&doc);
	}
	text = fuzz_string(data, size);
	q = ns_host_quote(text);
	back = unquote(q);
	FUZZ_CHECK(strcmp(back, text) == 0);
	free(back);
	free(q);
	ns_host_skipped_line(text);
	prefixed(text);
	free(text);
	return 0;
}
