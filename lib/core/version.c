/*
 * version.c: the version every tool's -V prints.
 *
 * It comes from build-aux/version at build time (git describe in a
 * checkout, .tarball-version in a release), through a header the
 * Makefile rewrites only when the version changes, so that only this
 * file is rebuilt when it does.
 */
#include "ns.h"
#include "version.h"

const char ns_version[] = NSTOOLS_VERSION;
