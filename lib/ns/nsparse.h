/*
 * nsparse.h: what the /ns provider parses, shared with its unit test.
 */
#ifndef NS_NSPARSE_H
#define NS_NSPARSE_H

#include <stddef.h>
#include <stdint.h>

/* How many kinds of namespace there are, and their names in /ns's order. */
#define NSFS_NTYPES	8
extern const char *const ns_nsfs_types[NSFS_NTYPES];

/* The index of a type name ("net") in ns_nsfs_types, or -1. */
int	ns_nsfs_type_index(const char *name);
/* The index of the type a CLONE_NEW* flag stands for, or -1. */
int	ns_nsfs_type_of_flag(int flag);
/* The CLONE_NEW* flag of a type's index, for setns(2) to check. */
int	ns_nsfs_type_flag(int type);
/*
 * The text of an nsfs link or the root of an nsfs mount, "net:[4026531840]":
 * the type's index with *ino set, or -1 if the text is no such thing.
 */
int	ns_nsfs_parse(const char *text, uint64_t *ino);

/*
 * What namespaces hold (nsreadparse.c).  Each writes its answer to out,
 * size bytes, and returns 0, or -1 if the text is not what it parses or
 * the answer does not fit.
 */
/* One line of /proc/PID/uid_map or gid_map, "0 1000 1": the three
 * numbers with one blank between them, as the file aligns them. */
int	ns_idmap_line(const char *line, char *out, size_t size);
/* An id as a user namespace writes it, in the text of its uid_map or
 * gid_map as the caller reads it: the caller's id for it in *out, 0, or
 * -1 if no line maps it. */
int	ns_idmap_up(const char *map, uint64_t id, uint64_t *out);
/* The offset of one clock ("monotonic", "boottime") in the text of
 * /proc/PID/timens_offsets: its seconds and nanoseconds, "-5 0". */
int	ns_timens_offset(const char *text, const char *clock, char *out,
	    size_t size);
/* The cgroup of the unified hierarchy in the text of /proc/PID/cgroup:
 * the path of its line "0::PATH". */
int	ns_cgroup_unified(const char *text, char *out, size_t size);
/* A cgroup namespace's root, from a member's cgroup as the caller sees
 * it (outer) and as a reader inside the namespace sees it (inner, which
 * is relative to that root): outer less inner's suffix. */
int	ns_cgroup_root(const char *outer, const char *inner, char *out,
	    size_t size);
/* Where the cgroup path lies in the file tree, below the mount of its
 * hierarchy at target whose root is mroot (mountinfo's fields). */
int	ns_cgroup_file(const char *cgroup, const char *mroot,
	    const char *target, char *out, size_t size);

#endif
