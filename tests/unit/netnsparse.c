/*
 * Another network namespace's view: the prefix of its paths, and a
 * provider's paths and summaries put under it.
 */
#include <stdint.h>
#include <stdlib.h>

#include "netnsparse.h"
#include "tap.h"

static void
prefix(const char *path, uint64_t want, size_t wantlen)
{
	uint64_t ino = 0;
	size_t len = 0;

	ok(ns_netns_prefix(path, &ino, &len) == 0 && ino == want &&
	    len == wantlen, "%s is of %llu", path,
	    (unsigned long long)want);
}

static void
noprefix(const char *path)
{
	uint64_t ino;
	size_t len;

	is_int(ns_netns_prefix(path, &ino, &len), -1, "%s has no prefix",
	    path);
}

static void
rewrites(const char *s, const char *want)
{
	char *out = ns_netns_rewrite(s, 42, 7);

	is_str(out, want, "'%s' seen from 42", s);
	free(out);
}

int
main(void)
{
	prefix("/ns/net/42", 42, 10);
	prefix("/ns/net/42/dev/net/1", 42, 10);
	prefix("/ns/net/4026531840/net", 4026531840ULL, 18);
	noprefix("/ns/net");
	noprefix("/ns/net/");
	noprefix("/ns/net/t14a/dev");
	noprefix("/ns/net/042");
	noprefix("/ns/net/42x");
	noprefix("/ns/mnt/42");
	noprefix("/dev/net/1");
	noprefix("/ns/net/99999999999999999999999");

	rewrites("/dev/net/3", "/ns/net/42/dev/net/3");
	rewrites("/dev/net", "/ns/net/42/dev/net");
	rewrites("/net/addr/3/10.0.0.1-24",
	    "/ns/net/42/net/addr/3/10.0.0.1-24");
	rewrites("/net", "/ns/net/42/net");
	rewrites("/ns/net/7/dev/net/2", "/dev/net/2");
	rewrites("/ns/net/7", "/ns/net/7");
	rewrites("/ns/net/77/dev/net/2", "/ns/net/77/dev/net/2");
	rewrites("/ns/net/9/dev/net/2", "/ns/net/9/dev/net/2");
	rewrites("/sock/tcp/123", "/sock/tcp/123");
	rewrites("/proc/1", "/proc/1");
	rewrites("/network", "/network");
	rewrites("/dev/netx", "/dev/netx");
	rewrites("via 10.0.0.1 dev /dev/net/2",
	    "via 10.0.0.1 dev /ns/net/42/dev/net/2");
	rewrites("a/dev/net/2", "a/dev/net/2");
	rewrites("", "");
	rewrites("x /net/route/254 /ns/net/7/dev/net/1",
	    "x /ns/net/42/net/route/254 /dev/net/1");
	return done_testing();
}
