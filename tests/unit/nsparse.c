/*
 * The /ns provider's parsers: the text of an nsfs link or nsfs mount
 * root, and the kinds of namespace by name and by clone flag.
 */
#include <sched.h>
#include <stdint.h>

#include "nsparse.h"
#include "tap.h"

#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME	0x00000080
#endif

static void
parses(const char *text, const char *type, uint64_t want)
{
	uint64_t ino = 0;
	int t;

	t = ns_nsfs_parse(text, &ino);
	ok(t >= 0 && strcmp(ns_nsfs_types[t], type) == 0 && ino == want,
	    "%s is %s %llu", text, type, (unsigned long long)want);
}

static void
rejects(const char *text)
{
	uint64_t ino;

	is_int(ns_nsfs_parse(text, &ino), -1, "%s is no nsfs name", text);
}

int
main(void)
{
	int t;

	parses("net:[4026531840]", "net", 4026531840ULL);
	parses("mnt:[4026531841]", "mnt", 4026531841ULL);
	parses("cgroup:[4026531835]", "cgroup", 4026531835ULL);
	parses("time:[4026531834]", "time", 4026531834ULL);
	parses("user:[1]", "user", 1);

	rejects("");
	rejects("net");
	rejects("net:");
	rejects("net:[]");
	rejects("net:[12");
	rejects("net:[12]x");
	rejects("net:[012]");
	rejects("net:[0]");
	rejects("net:[-1]");
	rejects("net:[99999999999999999999]");
	rejects("socket:[12345]");
	rejects("pipe:[12345]");
	rejects("pid_for_children:[4026531836]");
	rejects("anon_inode:[eventfd]");
	rejects(":[1]");

	is_int(ns_nsfs_type_index("uts"), 7, "uts is the last kind");
	is_int(ns_nsfs_type_index("cgroup"), 0, "cgroup is the first kind");
	is_int(ns_nsfs_type_index("nett"), -1, "nett is no kind");
	is_str(ns_nsfs_types[ns_nsfs_type_of_flag(CLONE_NEWNET)], "net",
	    "CLONE_NEWNET is net");
	is_str(ns_nsfs_types[ns_nsfs_type_of_flag(CLONE_NEWNS)], "mnt",
	    "CLONE_NEWNS is mnt");
	is_str(ns_nsfs_types[ns_nsfs_type_of_flag(CLONE_NEWUSER)], "user",
	    "CLONE_NEWUSER is user");
	is_str(ns_nsfs_types[ns_nsfs_type_of_flag(CLONE_NEWTIME)], "time",
	    "CLONE_NEWTIME is time");
	is_int(ns_nsfs_type_of_flag(CLONE_VM), -1, "CLONE_VM is no kind");
	for (t = 0; t < NSFS_NTYPES; t++)
		is_int(ns_nsfs_type_of_flag(ns_nsfs_type_flag(t)), t,
		    "a kind's flag is its own");
	return done_testing();
}
