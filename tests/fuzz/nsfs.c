/*
 * The text of an nsfs link or mount root (nsparse.h), fuzzed: what the
 * reader takes is a known type and a non-zero inode, and printing them
 * back gives the text it read.
 */
#include <inttypes.h>

#include "nsparse.h"

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, back[64];
	uint64_t ino;
	int t, flag;

	text = fuzz_string(data, size);
	if ((t = ns_nsfs_parse(text, &ino)) != -1) {
		FUZZ_CHECK(t >= 0 && t < NSFS_NTYPES && ino != 0);
		FUZZ_CHECK(ns_nsfs_type_index(ns_nsfs_types[t]) == t);
		snprintf(back, sizeof(back), "%s:[%" PRIu64 "]",
		    ns_nsfs_types[t],
		    ino);
		FUZZ_CHECK(strcmp(back, text) == 0);
	}
	t = ns_nsfs_type_index(text);
	FUZZ_CHECK(t == -1 || strcmp(ns_nsfs_types[t], text) == 0);
	if (size >= sizeof(flag)) {
		memcpy(&flag, data, sizeof(flag));
		t = ns_nsfs_type_of_flag(flag);
		FUZZ_CHECK(t >= -1 && t < NSFS_NTYPES);
	}
	free(text);
	return 0;
}
