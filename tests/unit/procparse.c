/*
 * The /proc provider's status parsers: the ids after a key, and the
 * NSpid line, whose length is the depth of the process's pid namespace.
 */
#include <stdint.h>
#include <string.h>

#include "procparse.h"
#include "tap.h"

static const char status[] =
    "Name:\tsleep\n"
    "Umask:\t0022\n"
    "State:\tS (sleeping)\n"
    "Tgid:\t4242\n"
    "Pid:\t4242\n"
    "Uid:\t0\t1000\t1000\t1000\n"
    "Gid:\t0\t100\t100\t100\n"
    "Groups:\t0 \n"
    "NStgid:\t4242\t7\t1\n"
    "NSpid:\t4242\t7\t1\n"
    "NSpgid:\t4242\t7\t1\n";

static void
ids(void)
{
	uint64_t v[2];

	is_int(ns_proc_status_ids(status, "Tgid:", v, 1), 0, "Tgid");
	is_int(v[0], 4242, "tgid");
	is_int(ns_proc_status_ids(status, "Uid:", v, 2), 0, "Uid");
	is_int(v[0], 0, "real uid");
	is_int(v[1], 1000, "effective uid");
	is_int(ns_proc_status_ids(status, "Nope:", v, 1), -1, "no such key");
	is_int(ns_proc_status_ids("Tgid:\t12x\n", "Tgid:", v, 1), -1,
	    "not a number");
	is_int(ns_proc_status_ids("Uid:\t1\n", "Uid:", v, 2), -1,
	    "too few numbers");
}

static void
nspid(void)
{
	uint64_t v[4];

	is_int(ns_proc_parse_nspid(status, v, 4), 3, "three levels");
	is_int(v[0], 4242, "outermost first");
	is_int(v[1], 7, "middle");
	is_int(v[2], 1, "its own namespace's init");
	is_int(ns_proc_parse_nspid("NSpid:\t1\n", v, 4), 1, "one level");
	is_int(v[0], 1, "pid 1");
	is_int(ns_proc_parse_nspid("NSpid:\t5\t6", v, 4), 2,
	    "a line at the end of the text");
	is_int(v[1], 6, "its last pid");
	is_int(ns_proc_parse_nspid(status, v, 2), -1, "more than max");
	is_int(ns_proc_parse_nspid("Pid:\t1\n", v, 4), -1, "no NSpid line");
	is_int(ns_proc_parse_nspid("NSpid:\t\n", v, 4), -1, "an empty line");
	is_int(ns_proc_parse_nspid("NSpid:\t1\tx\n", v, 4), -1,
	    "not a number");
	is_int(ns_proc_parse_nspid("NSpid:\t-1\n", v, 4), -1, "negative");
	/* NStgid comes first and must not pass for NSpid. */
	is_int(ns_proc_parse_nspid("NStgid:\t9\nNSpid:\t8\n", v, 4), 1,
	    "NStgid is another line");
	is_int(v[0], 8, "NSpid's pid");
}

static void
name(void)
{
	char buf[16];

	is_int(ns_proc_status_name(status, buf, sizeof(buf)), 0, "Name");
	is_str(buf, "sleep", "a plain name");
	is_int(ns_proc_status_name("Name:\ta\\nb\\\\n\nUmask:\t0\n", buf,
	    sizeof(buf)), 0, "escaped");
	is_str(buf, "a\nb\\n", "a newline and a backslash undone, not more");
	is_int(ns_proc_status_name("Name:\t\nPid:\t1\n", buf, sizeof(buf)),
	    0, "an empty name");
	is_str(buf, "", "is empty");
	is_int(ns_proc_status_name("Name:\ta\\tb\n", buf, sizeof(buf)), -1,
	    "an escape the kernel does not make");
	is_int(ns_proc_status_name("Name:\tabcdefghijklmnop\n", buf,
	    sizeof(buf)), -1, "no room");
	is_int(ns_proc_status_name("Pid:\t1\n", buf, sizeof(buf)), -1,
	    "no Name line");
}

static void
state(void)
{
	is_int(ns_proc_stat_state("42 (sleep) S 1 42 42"), 'S', "state");
	is_int(ns_proc_stat_state("42 (a) Z) Z 1 42 42"), 'Z',
	    "after the last parenthesis");
	is_int(ns_proc_stat_state("42 sleep S 1"), 0, "no name");
	is_int(ns_proc_stat_state("42 (sleep)"), 0, "nothing after it");
}

int
main(void)
{
	state();
	ids();
	name();
	nspid();
	return done_testing();
}
