/*
 * The text the descriptor files read besides fdinfo, fuzzed: what
 * readlink gives for a descriptor ("socket:[N]", "anon_inode:[eventfd]",
 * "net:[N]", a path, "/memfd:NAME (deleted)"), and the octal escapes of
 * /proc/self/mountinfo.  The lines of /proc/PID/maps are the fdinfo
 * target's.
 */
#include <string.h>

#include "fdent.h"
#include "fdparse.h"
#include "mountinfo.h"

#include "fuzz.h"

static void
fz_link(const char *link)
{
	char cls[32];
	uint64_t n;
	enum family fam;

	fam = ns_fd_family_of(link);
	FUZZ_CHECK(fam >= F_PATH && fam < NFAMILIES);
	if (strncmp(link, "anon_inode:", 11) == 0) {
		ns_fd_anon_class(link, cls, sizeof(cls));
		FUZZ_CHECK(strlen(cls) < sizeof(cls));
		ns_fd_anon_class(link, cls, 1);
		FUZZ_CHECK(cls[0] == '\0');
	}
	if (ns_fd_bracket_number(link, "pipe:[", &n) == 0)
		FUZZ_CHECK(fam == F_PIPE);
	if (ns_fd_bracket_number(link, "socket:[", &n) == 0)
		FUZZ_CHECK(fam == F_SOCK);
	if (ns_fd_nsfs_type(link, &n) != NULL)
		FUZZ_CHECK(fam == F_NSFS || fam == F_PATH);
}

/* Whether a word lies inside the line it was cut from. */
static int
within(const char *line, size_t len, const char *word)
{
	return word >= line && word + strlen(word) <= line + len;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ns_mountinfo m;
	char *text, *copy;
	size_t len;

	text = fuzz_string(data, size);
	fz_link(text);

	/* Unescaping never lengthens. */
	copy = fuzz_dup(text);
	len = strlen(copy);
	ns_mountinfo_unescape(copy);
	FUZZ_CHECK(strlen(copy) <= len);
	free(copy);

	/* A mountinfo line parses into words of the line, or not at all.
	 * The type is never unescaped, so never empty; an escaped field
	 * may unescape to nothing ("\\000"). */
	copy = fuzz_dup(text);
	if (ns_mountinfo_parse(copy, &m) == 0) {
		FUZZ_CHECK(*m.fstype != '\0');
		FUZZ_CHECK(within(copy, len, m.root) &&
		    within(copy, len, m.target) &&
		    within(copy, len, m.fstype) &&
		    within(copy, len, m.source));
	}
	free(copy);
	free(text);
	return 0;
}
