/*
 * sandbox-filter: write the sandbox's seccomp filters as a C header, once,
 * at build time.
 *
 * libseccomp compiles the rules below into BPF for the architecture this
 * runs on; the header holds the program for each combination of the
 * NS_SANDBOX_* bits, and lib/core/sandbox.c hands the one it needs to the
 * kernel with a single call.  A tool so pays neither for libseccomp's
 * compiler at every start (a millisecond, a quarter of a small query's
 * time) nor for mapping the library at all.
 *
 * The rules: every system call that changes the file tree or the system
 * fails with EPERM, as does an open(2) or openat(2) with a write flag;
 * openat2(2), whose flags a filter cannot read, fails with ENOSYS, so the
 * C library falls back to openat.  Running a program and unmounting are
 * refused unless allowed.
 *
 *	sandbox-filter >sandbox-filter.h
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/filter.h>
#include <seccomp.h>

#include "ns.h"

/* The calls that change the file tree or the system, refused always. */
static const char *const changes[] = {
	"creat", "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat",
	"rename", "renameat", "renameat2", "link", "linkat", "symlink",
	"symlinkat", "chmod", "fchmod", "fchmodat", "fchmodat2", "chown",
	"fchown", "fchownat", "lchown", "truncate", "ftruncate", "utime",
	"utimes", "utimensat", "futimesat", "mknod", "mknodat", "setxattr",
	"lsetxattr", "fsetxattr", "setxattrat", "removexattr",
	"lremovexattr", "fremovexattr", "removexattrat", "fallocate",
	"pivot_root", "chroot", "unshare", "sethostname", "setdomainname",
	"fsopen", "fsmount", "fsconfig", "move_mount", "open_tree",
	"mount_setattr", "swapon", "swapoff", "acct", "quotactl",
	"init_module", "finit_module", "delete_module", "kexec_load",
	"kexec_file_load", "reboot", "settimeofday", "clock_settime",
	"clock_adjtime", "adjtimex", "ptrace", "process_vm_writev",
	"mount",
};

/* Refused unless the tool must run a program or end its mount. */
static const char *const execs[] = { "execve", "execveat" };
static const char *const unmounts[] = { "umount2" };

/* The open flags that make an open one for writing. */
static const int writeflags[] = {
	O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND,
	O_TMPFILE & ~O_DIRECTORY,
};

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))

static void
check(int r, const char *what)
{
	if (r < 0) {
		fprintf(stderr, "sandbox-filter: %s: %s\n", what,
		    strerror(-r));
		exit(1);
	}
}

static void
refuse(scmp_filter_ctx ctx, const char *const *names, size_t n)
{
	size_t i;
	int nr;

	/* A call this architecture does not have has no number: skip it. */
	for (i = 0; i < n; i++)
		if ((nr = seccomp_syscall_resolve_name(names[i])) !=
		    __NR_SCMP_ERROR)
			check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr,
			    0), names[i]);
}

static void
refuse_writing_opens(scmp_filter_ctx ctx)
{
	int open_nr = seccomp_syscall_resolve_name("open");
	size_t i;

	for (i = 0; i < NITEMS(writeflags); i++) {
		if (open_nr != __NR_SCMP_ERROR)
			check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
			    open_nr, 1, SCMP_A1(SCMP_CMP_MASKED_EQ,
			    writeflags[i], writeflags[i])), "open");
		check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
		    SCMP_SYS(openat), 1, SCMP_A2(SCMP_CMP_MASKED_EQ,
		    writeflags[i], writeflags[i])), "openat");
	}
	check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2),
	    0), "openat2");
}

/* The program for one combination of allowances, as an array. */
static void
emit(unsigned allow)
{
	scmp_filter_ctx ctx;
	unsigned char buf[65536];
	FILE *f;
	size_t n, i;

	if ((ctx = seccomp_init(SCMP_ACT_ALLOW)) == NULL) {
		fprintf(stderr, "sandbox-filter: seccomp_init failed\n");
		exit(1);
	}
#if SCMP_VER_MAJOR > 2 || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 5)
	/* A binary search of the call numbers, not a list. */
	check(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2), "optimize");
#endif
	refuse(ctx, changes, NITEMS(changes));
	if (!(allow & NS_SANDBOX_EXEC))
		refuse(ctx, execs, NITEMS(execs));
	if (!(allow & NS_SANDBOX_UNMOUNT))
		refuse(ctx, unmounts, NITEMS(unmounts));
	refuse_writing_opens(ctx);

	if ((f = tmpfile()) == NULL) {
		perror("sandbox-filter: tmpfile");
		exit(1);
	}
	check(seccomp_export_bpf(ctx, fileno(f)), "export");
	rewind(f);
	n = fread(buf, 1, sizeof(buf), f);
	if (n == 0 || n == sizeof(buf) || n % 8 != 0) {
		fprintf(stderr, "sandbox-filter: a program of %zu bytes\n", n);
		exit(1);
	}
	fclose(f);
	seccomp_release(ctx);

	printf("static const struct sock_filter sandbox_filter_%u[] = {\n",
	    allow);
	for (i = 0; i < n; i += 8) {
		struct sock_filter ins;

		memcpy(&ins, buf + i, sizeof(ins));
		printf("\t{ 0x%04x, %3u, %3u, 0x%08x },\n", ins.code, ins.jt,
		    ins.jf, ins.k);
	}
	printf("};\n\n");
}

int
main(void)
{
	unsigned allow, all = NS_SANDBOX_EXEC | NS_SANDBOX_UNMOUNT;

	printf("/* Written by build-aux/sandbox-filter with libseccomp %u.%u.%u:"
	    " do not edit. */\n\n", SCMP_VER_MAJOR, SCMP_VER_MINOR,
	    SCMP_VER_MICRO);
	for (allow = 0; allow <= all; allow++)
		emit(allow);
	printf("static const struct sock_fprog sandbox_filters[] = {\n");
	for (allow = 0; allow <= all; allow++)
		printf("\t{ sizeof(sandbox_filter_%u) / sizeof(struct "
		    "sock_filter),\n\t    (struct sock_filter *)"
		    "sandbox_filter_%u },\n", allow, allow);
	printf("};\n");
	return ferror(stdout) || fflush(stdout) == EOF;
}
