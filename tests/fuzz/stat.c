/*
 * /proc/PID/stat and /proc/PID/status (procparse.h), fuzzed: the comm may
 * hold any byte, ')' and blanks included, so the reader must find the
 * fields after the last ')' whatever comes before it.
 */
#include "procparse.h"

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct proc_info p;
	uint64_t ids[2], nspid[PROC_NSPID_MAX];
	char *text, *copy, name[16];

	text = fuzz_string(data, size);
	copy = fuzz_dup(text);
	memset(&p, 0, sizeof(p));
	if (ns_proc_parse_stat(&p, copy) == 0) {
		FUZZ_CHECK(p.comm != NULL);
		/* The comm is what lies between the first '(' and the last
		 * ')', so it is never longer than the line. */
		FUZZ_CHECK(strlen(p.comm) + 2 <= strlen(text));
	}
	free(p.comm);
	free(copy);
	(void)ns_proc_status_ids(text, "Tgid:", ids, 1);
	(void)ns_proc_status_ids(text, "Uid:", ids, 2);
	(void)ns_proc_status_ids(text, "Gid:", ids, 2);
	FUZZ_CHECK(ns_proc_parse_nspid(text, nspid, PROC_NSPID_MAX) <=
	    PROC_NSPID_MAX);
	/* The name, its escapes undone, fits and ends. */
	if (ns_proc_status_name(text, name, sizeof(name)) == 0)
		FUZZ_CHECK(strlen(name) < sizeof(name));
	free(text);
	return 0;
}
