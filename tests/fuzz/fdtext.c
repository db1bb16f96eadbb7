/*
 * The text fd.c reads besides fdinfo, fuzzed: what readlink gives for a
 * descriptor ("socket:[N]", "anon_inode:[eventfd]", "net:[N]", a path,
 * "/memfd:NAME (deleted)"), the lines of /proc/PID/maps, and the octal
 * escapes of /proc/self/mountinfo.  Their readers are static, so the
 * file is included whole: they are tried as the tools run them, and fd.c
 * needs no header for its fuzzer.  The library copy of fd.c is then never
 * linked in, since this file defines all that it would.
 */
#include "fd.c"

#include "fuzz.h"

static void
fz_link(const char *link)
{
	char cls[32];
	uint64_t n;
	enum family fam;

	fam = family_of(link);
	FUZZ_CHECK(fam >= F_PATH && fam < NFAMILIES);
	if (strncmp(link, "anon_inode:", 11) == 0) {
		anon_class(link, cls, sizeof(cls));
		FUZZ_CHECK(strlen(cls) < sizeof(cls));
		anon_class(link, cls, 1);
		FUZZ_CHECK(cls[0] == '\0');
	}
	if (bracket_number(link, "pipe:[", &n) == 0)
		FUZZ_CHECK(fam == F_PIPE);
	if (bracket_number(link, "socket:[", &n) == 0)
		FUZZ_CHECK(fam == F_SOCK);
	if (nsfs_type(link, &n) != NULL)
		FUZZ_CHECK(fam == F_NSFS || fam == F_PATH);
}

static void
fz_mapping(char *line, void *arg)
{
	struct mapping m;
	char *copy = fuzz_dup(line);

	if (parse_mapping(copy, &m) == 0) {
		/* A file's path, or what a socket or an anonymous inode
		 * mapped reads as. */
		FUZZ_CHECK((m.path[0] == '/' ||
		    strncmp(m.path, "socket:[", 8) == 0 ||
		    strncmp(m.path, "anon_inode:", 11) == 0) && m.ino != 0);
		FUZZ_CHECK(strlen(m.mode) == 3);
		FUZZ_CHECK(strlen(m.range) < sizeof(m.range));
	}
	free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *copy;
	size_t len;

	text = fuzz_string(data, size);
	fz_link(text);

	/* Unescaping never lengthens. */
	copy = fuzz_dup(text);
	len = strlen(copy);
	unoctal(copy);
	FUZZ_CHECK(strlen(copy) <= len);
	free(copy);

	fuzz_lines(text, fz_mapping, NULL);
	free(text);
	return 0;
}
