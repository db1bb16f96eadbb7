/*
 * nsparse.h: what the /ns provider parses, shared with its unit test.
 */
#ifndef NS_NSPARSE_H
#define NS_NSPARSE_H

#include <stdint.h>

/* How many kinds of namespace there are, and their names in /ns's order. */
#define NSFS_NTYPES	8
extern const char *const ns_nsfs_types[NSFS_NTYPES];

/* The index of a type name ("net") in ns_nsfs_types, or -1. */
int	ns_nsfs_type_index(const char *name);
/* The index of the type a CLONE_NEW* flag stands for, or -1. */
int	ns_nsfs_type_of_flag(int flag);
/*
 * The text of an nsfs link or the root of an nsfs mount, "net:[4026531840]":
 * the type's index with *ino set, or -1 if the text is no such thing.
 */
int	ns_nsfs_parse(const char *text, uint64_t *ino);

#endif
