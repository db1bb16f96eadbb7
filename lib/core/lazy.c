/*
 * lazy.c: the libraries that only some paths need, loaded when first
 * called.
 *
 * libudev (the devices), libnl (interfaces, addresses, routes and
 * sockets) and libmount with libblkid (mounts and file systems) cost a
 * small query more than the rest of its work: mapping and relocating
 * them took 1.5 ms of nsls -d /'s 2.6.  libsmartcols lays out trees and
 * tables at a terminal only; a listing to a pipe is laid out by out.c
 * itself, and loading the library was a tenth of nsls -l -R /ipc's
 * time.  A tool links none of them; the
 * files that call them include lazy.h, which makes each call go through
 * a table that the first call fills (lib/core/lazy.list names the functions).
 * A listing of /ipc, /user or /proc so loads none, and nscat of an
 * interface loads libnl alone.
 *
 * A library that cannot be loaded, or lacks a function, ends the tool
 * with the loader's message: the package depends on each, as a link
 * would.
 */
#include <dlfcn.h>
#include <err.h>
#include <pthread.h>

static void	*ns_lazy_sym(void *, const char *, const char *);

#define NS_LAZY_LOADER
#include "lazy.h"

static void *
ns_lazy_open(const char *soname)
{
	void *h;

	/* Every function is looked up now: none fails later, mid-output. */
	if ((h = dlopen(soname, RTLD_NOW | RTLD_LOCAL)) == NULL)
		errx(1, "%s", dlerror());
	return h;
}

static void *
ns_lazy_sym(void *h, const char *soname, const char *name)
{
	void *p;

	if ((p = dlsym(h, name)) == NULL)
		errx(1, "%s: %s: no such function", soname, name);
	return p;
}

/* One loader a library: the first caller fills the table, the others
 * wait for it. */
#define LOADER(lib, LIB)						\
struct ns_lazy_##lib ns_lazy_##lib##_table;				\
int ns_lazy_##lib##_loaded;						\
static pthread_once_t lib##_once = PTHREAD_ONCE_INIT;			\
									\
static void								\
lib##_load_once(void)							\
{									\
	ns_lazy_##lib##_fill(ns_lazy_open(NS_LAZY_##LIB##_SONAME),	\
	    &ns_lazy_##lib##_table);					\
	__atomic_store_n(&ns_lazy_##lib##_loaded, 1, __ATOMIC_RELEASE);	\
}									\
									\
void									\
ns_lazy_##lib##_load(void)						\
{									\
	pthread_once(&lib##_once, lib##_load_once);			\
}

LOADER(udev, UDEV)
LOADER(nl, NL)
LOADER(mount, MOUNT)
LOADER(scols, SCOLS)
