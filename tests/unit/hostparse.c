/*
 * The /host provider's parsers: the JSON the tools of another machine
 * print, a line of the hosts file, the quoting for a remote shell and
 * the count of a skipped-objects line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostparse.h"
#include "tap.h"

static void
doc_ok(void)
{
	const char *text = "{\n   \"nodes\": [\n      {\n"
	    "         \"path\": \"/sock/tcp/12\",\n"
	    "         \"type\": \"socket\",\n"
	    "         \"count\": 3,\n"
	    "         \"tty\": null,\n"
	    "         \"fds\": [\n             \"/proc/1/fd/3\","
	    " \"/proc/2/fd/4\"\n         ],\n"
	    "         \"none\": []\n"
	    "      },{\n         \"path\": \"/a\\\\x20b\\\"\\u00e9\\ud83d\\ude00\"\n"
	    "      }\n   ]\n}\n";
	const struct host_field *f;
	struct host_doc doc;

	is_int(ns_host_parse(text, strlen(text), &doc), 0, "a listing parses");
	is_str(doc.name, "nodes", "its array's name");
	is_int(doc.n, 2, "two rows");
	f = ns_host_row_field(&doc.rows[0], "path");
	ok(f != NULL && f->n == 1 && strcmp(f->vals[0], "/sock/tcp/12") == 0,
	    "a string");
	f = ns_host_row_field(&doc.rows[0], "count");
	ok(f != NULL && f->n == 1 && strcmp(f->vals[0], "3") == 0 &&
	    !f->array, "a number, as its text");
	f = ns_host_row_field(&doc.rows[0], "tty");
	ok(f != NULL && f->null && f->n == 0, "null is none");
	f = ns_host_row_field(&doc.rows[0], "fds");
	ok(f != NULL && f->array && f->n == 2 &&
	    strcmp(f->vals[1], "/proc/2/fd/4") == 0, "an array of strings");
	f = ns_host_row_field(&doc.rows[0], "none");
	ok(f != NULL && f->array && f->n == 0 && !f->null, "[] is empty");
	ok(ns_host_row_field(&doc.rows[0], "nope") == NULL, "no such key");
	f = ns_host_row_field(&doc.rows[1], "path");
	ok(f != NULL && strcmp(f->vals[0],
	    "/a\\x20b\"\xc3\xa9\xf0\x9f\x98\x80") == 0,
	    "escapes undone, a surrogate pair as one character");
	ns_host_doc_free(&doc);
}

/* A tree: each row after its parent, with the parent's index. */
static void
tree_ok(void)
{
	const char *text = "{\"devices\": [{\"path\": \"/a\", \"children\": "
	    "[{\"path\": \"/a/b\", \"children\": [{\"path\": \"/a/b/c\"}]},"
	    " {\"path\": \"/a/d\", \"n\": 1}]}, {\"path\": \"/e\"}]}";
	const size_t up[] = { 0, 1, 2, 1, 0 };
	const char *path[] = { "/a", "/a/b", "/a/b/c", "/a/d", "/e" };
	const struct host_field *f;
	struct host_doc doc;
	size_t i;

	is_int(ns_host_parse(text, strlen(text), &doc), 0, "a tree parses");
	is_int(doc.n, 5, "every row of it, flat");
	for (i = 0; i < doc.n && i < 5; i++) {
		f = ns_host_row_field(&doc.rows[i], "path");
		ok(f != NULL && strcmp(f->vals[0], path[i]) == 0 &&
		    doc.rows[i].up == up[i], "row %zu is %s under %zu", i,
		    path[i], up[i]);
	}
	ok(ns_host_row_field(&doc.rows[0], "children") == NULL,
	    "children are rows, not a field");
	f = ns_host_row_field(&doc.rows[3], "n");
	ok(f != NULL && strcmp(f->vals[0], "1") == 0,
	    "a field after the children is its row's");
	ns_host_doc_free(&doc);
}

/* Nesting deeper than HOST_DEPTH_MAX. */
static void
too_deep(void)
{
	struct host_doc doc;
	char *text, *p;
	size_t i, n = HOST_DEPTH_MAX + 2;

	if ((text = malloc(32 + n * 32)) == NULL)
		abort();
	p = text + sprintf(text, "{\"devices\": [");
	for (i = 0; i < n; i++)
		p += sprintf(p, "{\"path\": \"/x\", \"children\": [");
	for (i = 0; i < n; i++)
		p += sprintf(p, "]}");
	sprintf(p, "]}");
	ok(ns_host_parse(text, strlen(text), &doc) == -1 && doc.n == 0,
	    "rejects a tree nested deeper than %d", HOST_DEPTH_MAX);
	free(text);
}

static void
rejects(const char *text, const char *why)
{
	struct host_doc doc;

	ok(ns_host_parse(text, strlen(text), &doc) == -1 && doc.n == 0 &&
	    doc.name == NULL, "rejects %s", why);
}

static void
quotes(const char *arg, const char *want)
{
	char *q = ns_host_quote(arg);

	is_str(q, want, "quotes %s", arg);
	free(q);
}

static void
conf(const char *line, const char *name, const char *transport)
{
	char buf[256], *n = NULL, *t = NULL;
	int r;

	strlcpy(buf, line, sizeof(buf));
	r = ns_host_conf_line(buf, &n, &t);
	if (name == NULL) {
		is_int(r, -1, "no host in \"%s\"", line);
		return;
	}
	ok(r == 0 && strcmp(n, name) == 0 && (transport == NULL ? t == NULL :
	    t != NULL && strcmp(t, transport) == 0), "hosts line \"%s\"",
	    line);
}

/* A row kept past its document keeps its strings; a document's rows
 * share one copy of each key. */
static void
kept_row(void)
{
	const char *text = "{\"nodes\": [{\"path\": \"/a\", \"n\": [\"x\", "
	    "\"y\"]}, {\"n\": true, \"path\": \"/b\"}]}";
	const struct host_field *f;
	struct host_row kept[2];
	struct host_doc doc;

	is_int(ns_host_parse(text, strlen(text), &doc), 0, "rows to keep");
	ok(ns_host_row_field(&doc.rows[0], "path")->key ==
	    ns_host_row_field(&doc.rows[1], "path")->key,
	    "one copy of a key for every row");
	ns_host_row_keep(&kept[0], &doc, 0);
	ns_host_row_keep(&kept[1], &doc, 1);
	ns_host_doc_free(&doc);
	f = ns_host_row_field(&kept[0], "n");
	ok(f != NULL && f->n == 2 && strcmp(f->vals[1], "y") == 0,
	    "a kept row outlives its document");
	ns_host_row_free(&kept[0]);
	f = ns_host_row_field(&kept[1], "n");
	ok(f != NULL && f->n == 1 && strcmp(f->vals[0], "true") == 0,
	    "and another, once the first is let go");
	ns_host_row_free(&kept[1]);
	ok(kept[1].n == 0 && kept[1].pool == NULL, "a row let go is empty");
	ns_host_row_free(&kept[1]);
}

/*
 * The text fed a chunk of step bytes at a time, each time in a buffer
 * of its own (a reply's moves as it grows), then ended: the same answer
 * and the same document as one parse of it all.
 */
static void
streams(const char *text, const char *what)
{
	static const size_t steps[] = { 1, 2, 3, 7, 16, 64, 4096 };
	struct host_stream st;
	struct host_doc whole, fed;
	size_t len = strlen(text), i, at;
	int want, got, same = 1;
	char *buf;

	want = ns_host_parse(text, len, &whole);
	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		ns_host_stream_init(&st, &fed);
		for (at = 0; at < len; at += steps[i]) {
			if ((buf = malloc(len + 1)) == NULL)
				abort();
			memcpy(buf, text, at);
			ns_host_stream_feed(&st, buf, at);
			free(buf);
		}
		got = ns_host_stream_end(&st, text, len);
		if (got != want ||
		    (got == 0 && !ns_host_doc_equal(&whole, &fed)))
			same = 0;
		if (got == 0)
			ns_host_doc_free(&fed);
	}
	ok(same, "fed in chunks: %s", what);
	if (want == 0)
		ns_host_doc_free(&whole);
}

/* A feed parses the rows that came whole, and no more. */
static void
fed_early(void)
{
	const char *text = "{\"nodes\": [{\"path\": \"/a\"}, {\"path\": "
	    "\"/b\"}, {\"path\": \"/c\"}]}";
	struct host_stream st;
	struct host_doc doc;

	ns_host_stream_init(&st, &doc);
	ns_host_stream_feed(&st, text, strlen("{\"nodes\": [{\"path\": \"/"));
	is_int(doc.n, 0, "a feed keeps no half row");
	ns_host_stream_feed(&st, text, strchr(strchr(text, '}') + 1, '}') -
	    text + 1);
	is_int(doc.n, 2, "a feed parses the rows that came");
	is_int(ns_host_stream_end(&st, text, strlen(text)), 0,
	    "the end parses the rest");
	is_int(doc.n, 3, "all three");
	ns_host_doc_free(&doc);
}


static const char *const good_paths[] = {
	"/", "/proc/1", "/host/other/proc/1", "/fs/a\\x20b", "/fs/.hidden",
	"/fs/..x", "/fs/x..", "/fs/...", "/fs/\\x1b[31m", "/fs/\\x5c",
	"/fs/\\xff\\x7f", "/sock/unix/1", "/net/addr/2/10.0.0.2-24",
};

static const char *const bad_paths[] = {
	"", "proc/1", "fs/etc/shadow", "//", "/proc//1", "/proc/1/",
	"/.", "/..", "/./x", "/../x", "/../../fs/etc/shadow",
	"/x/..", "/x/../y", "/x/.", "/fs/a b", "/fs/a\tb", "/fs/a\nb",
	"/fs/\x1b[31m", "/fs/\x7f", "/fs/\xc3\xa9",
	"/fs/a\\x2fb", "/fs/\\x2e\\x2e", "/fs/\\x2e", "/fs/\\x41",
	"/fs/\\x00", "/fs/\\x1B", "/fs/\\x", "/fs/\\x2", "/fs/\\y20",
	"/fs/a\\", "/fs/\\\\",
};

static const char *const good_words[] = {
	"path", "type", "count", "fds", "packet_protocol_number", "a",
	"memory.current", "x-y", "a0",
};

static const char *const bad_words[] = {
	"", "K", "Path", "0x", "_x", "-x", ".x", "k\x1b[31m\nX", "a b",
	"a\"b", "a/b", "a\\b", "caf\xc3\xa9",
	"a234567890123456789012345678901234567890123456789012345678901234",
};

/* "/" then n - 1 bytes of names, in components of 200. */
static const char *
long_path(size_t n)
{
	static char buf[HOST_PATH_MAX + 2];
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = i % 200 == 0 ? '/' : 'a';
	buf[n] = '\0';
	return buf;
}

static void
local(const char *host, const char *rpath, const char *want,
    const char *name)
{
	char buf[8], *got = ns_host_local_path(host, rpath, buf, sizeof(buf));

	if (want == NULL)
		ok(got == NULL, "%s", name);
	else
		is_str(got, want, "%s", name);
	if (got != buf)
		free(got);
}

int
main(void)
{
	struct host_doc doc;
	size_t i;
	static const char *const fed[] = {
		"",
		"  \n",
		"{\"objects\": []}",
		"{\n   \"nodes\": [\n      {\n         \"path\": \"/a\",\n"
		"         \"type\": \"socket\"\n      },{\n"
		"         \"path\": \"/b\\\\x5d}\\\"\",\n"
		"         \"fds\": [\"/p/1\", \"]\"], \"n\": null\n"
		"      },{}\n   ]\n}\n",
		"{\"devices\": [{\"path\": \"/a\", \"children\": "
		"[{\"path\": \"/a/b\", \"children\": [{\"path\": \"/c\"}]}]},"
		" {\"path\": \"/e\"}]}",
		"{\"a[b\": [{\"x\": 1}, {\"y\": 2}]}",
		"{\"objects\": [{\"a\": 1}, {\"a\": {\"b\": 1}}]}",
		"{\"objects\": [{\"a\": 1}, [1]]}",
		"{\"objects\": [{\"a\": 1}, {\"a\": 2}]} x",
		"{\"objects\": [{\"a\": 1}, {\"a\": 2}",
		"{\"objects\": [{\"a\": 1},, {\"a\": 2}]}",
		"{\"objects\": [{\"a\": 1} {\"a\": 2}]}",
		"nsls: /x: no such object\n",
	};

	doc_ok();
	tree_ok();
	kept_row();
	too_deep();
	is_int(ns_host_parse("", 0, &doc), 0, "no output is no rows");
	is_int(doc.n, 0, "and has none");
	is_int(ns_host_parse(" {\"objects\": []}\n", 17, &doc), 0,
	    "an empty array");
	ns_host_doc_free(&doc);
	is_int(ns_host_parse("{\"objects\": [{}]}", 17, &doc), 0,
	    "a row of no fields");
	ok(doc.n == 1 && doc.rows[0].n == 0 && doc.rows[0].f == NULL,
	    "is one row, empty");
	ns_host_doc_free(&doc);
	rejects("{\"objects\": [", "an unfinished document");
	rejects("{\"objects\": [{\"a\": {\"b\": 1}}]}", "an object in a row");
	rejects("{\"objects\": [{\"a\": [[1]]}]}", "an array in an array");
	rejects("{\"objects\": [{\"a\": \"\\u0000\"}]}", "an escaped NUL");
	rejects("{\"objects\": [{\"a\": \"x\ny\"}]}", "a raw control byte");
	rejects("{\"objects\": [{\"a\": \"\\ud800\"}]}", "half a surrogate");
	rejects("{\"objects\": [{\"a\": 01}]}", "a leading zero");
	rejects("{\"objects\": [{\"a\": 1}]} x", "bytes after it");
	rejects("{\"objects\": [{\"a\": 1}]}{}", "two documents");
	rejects("nscat 0.1\n", "a version line");
	rejects("[]", "an array alone");
	rejects("{\"objects\": [{\"a\" 1}]}", "a key without a colon");
	rejects("{\"a\": \"\\q\"}", "an unknown escape");
	rejects("{\"d\": [{\"children\": 1}]}", "children that are no array");
	for (i = 0; i < sizeof(fed) / sizeof(fed[0]); i++)
		streams(fed[i], fed[i]);
	fed_early();

	quotes("/sock/tcp/12", "/sock/tcp/12");
	quotes("-J", "-J");
	quotes("", "''");
	quotes("/fs/a\\x20b", "'/fs/a\\x20b'");
	quotes("it's", "'it'\\''s'");
	quotes("$(reboot);`x`", "'$(reboot);`x`'");
	quotes("a b", "'a b'");

	conf("web1\n", "web1", NULL);
	conf("  web1   ssh -p 2222  \n", "web1", "ssh -p 2222");
	conf("box\t/usr/local/bin/box-rsh", "box", "/usr/local/bin/box-rsh");
	conf("# a comment\n", NULL, NULL);
	conf("   \n", NULL, NULL);
	conf("", NULL, NULL);

	is_int(ns_host_skipped_line("nsls: 12 objects not readable (permission "
	    "denied), skipped"), 12, "a count of objects skipped");
	is_int(ns_host_skipped_line("nsls: 1 object not readable (permission "
	    "denied), skipped"), 1, "one object skipped");
	is_int(ns_host_skipped_line("nsls: /x: no such object"), 0,
	    "another message");
	is_int(ns_host_skipped_line("nsls: 99999999999999999999 objects not "
	    "readable"), 0, "a count out of range");

	/* What a reply may name: canonical paths of that machine. */
	for (i = 0; i < sizeof(good_paths) / sizeof(good_paths[0]); i++)
		is_int(ns_host_path_ok(good_paths[i]), 1, "%s", good_paths[i]);
	for (i = 0; i < sizeof(bad_paths) / sizeof(bad_paths[0]); i++)
		is_int(ns_host_path_ok(bad_paths[i]), 0, "%s", bad_paths[i]);
	is_int(ns_host_path_ok(long_path(HOST_PATH_MAX - 1)), 1,
	    "a path as long as taken");
	is_int(ns_host_path_ok(long_path(HOST_PATH_MAX)), 0,
	    "a path one byte longer");
	local("web1", "/", "/host/web1", "the root is the host");
	local("web1", "/proc/1", "/host/web1/proc/1", "a path, prefixed");
	local("web1", "/fs/a\\x20b\\x5c", "/host/web1/fs/a b\\",
	    "escapes undone once");
	local("web1", "/../../fs/etc/shadow", NULL, "no way out by ..");
	local("web1", "/fs/a\\x2fb", NULL, "no '/' by an escape");
	for (i = 0; i < sizeof(good_words) / sizeof(good_words[0]); i++)
		is_int(ns_host_word_ok(good_words[i]), 1, "%s", good_words[i]);
	for (i = 0; i < sizeof(bad_words) / sizeof(bad_words[0]); i++)
		is_int(ns_host_word_ok(bad_words[i]), 0, "%s", bad_words[i]);
	return done_testing();
}
