/*
 * The /module provider: its /proc/modules parser, and the provider itself
 * over a tree this test builds (a /proc/modules file and a /sys/module
 * directory), since the machine may load no module at all.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"
#include "modparse.h"
#include "tap.h"

static char root[] = "/tmp/nsmodXXXXXX";

static void
parser(void)
{
	static const struct tap_bad bad[] = {
		{ "short 4096 1 -", "a short line" },
		{ "bad x 1 - Live 0x0", "a size not a number" },
		{ "bad 1 -1 - Live 0x0", "a negative refcnt" },
	};
	struct mod_line ml;
	char line[256], *list;
	size_t i;
	int perm = 0;

	strlcpy(line, "nf_nat 49152 2 nft_chain_nat,xt_MASQUERADE, Live "
	    "0xffffffffc0a50000\n", sizeof(line));
	is_int(ns_mod_parse_line(line, &ml), 0, "a module line");
	is_str(ml.name, "nf_nat", "name");
	is_int(ml.size, 49152, "size");
	is_int(ml.refcnt, 2, "refcnt");
	is_int(ml.has_refcnt, 1, "has a refcnt");
	is_str(ml.state, "Live", "state");
	is_str(ml.taint, NULL, "no taint");
	list = ml.usedby;
	is_str(ns_mod_next_user(&list, &perm), "nft_chain_nat", "first user");
	is_str(ns_mod_next_user(&list, &perm), "xt_MASQUERADE", "second user");
	is_str(ns_mod_next_user(&list, &perm), NULL, "no third user");
	is_int(perm, 0, "not permanent");

	strlcpy(line, "vboxdrv 696320 2 [permanent], Live 0x0000000000000000 "
	    "(OE)", sizeof(line));
	is_int(ns_mod_parse_line(line, &ml), 0, "a tainted permanent module");
	is_str(ml.taint, "OE", "taint letters");
	list = ml.usedby;
	is_str(ns_mod_next_user(&list, &perm), NULL, "[permanent] is no user");
	is_int(perm, 1, "permanent");

	strlcpy(line, "old 4096 - - Live 0x0", sizeof(line));
	is_int(ns_mod_parse_line(line, &ml), 0, "no unloading in the kernel");
	is_int(ml.has_refcnt, 0, "no refcnt");
	list = ml.usedby;
	is_str(ns_mod_next_user(&list, &perm), NULL, "- is no user");

	for (i = 0; i < TAP_NITEMS(bad); i++) {
		strlcpy(line, bad[i].line, sizeof(line));
		is_int(ns_mod_parse_line(line, &ml), -1, "%s", bad[i].what);
	}

	is_str(ns_mod_state_name("Live"), "live", "Live");
	is_str(ns_mod_state_name("Loading"), "coming", "Loading");
	is_str(ns_mod_state_name("Unloading"), "going", "Unloading");
}

static void
put(const char *rel, const char *text)
{
	char path[PATH_MAX], *s, *p;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	s = strdup(path);
	for (p = s + strlen(root) + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		mkdir(s, 0755);
		*p = '/';
	}
	free(s);
	if (text == NULL) {
		mkdir(path, 0755);
		return;
	}
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1 ||
	    write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		err(1, "%s", path);
	close(fd);
}

static void
link_to(const char *target, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (symlink(target, path) == -1)
		err(1, "%s", path);
}

/* The value of an attribute, its elements joined by "|"; NULL if none. */
static char *
attr(const char *path, const char *name)
{
	static char buf[1024];
	struct ns_val v = {0};
	const struct ns_attr *a;
	struct ns_obj *o;
	const char *e;
	size_t i;

	if ((o = ns_resolve(path)) == NULL)
		return NULL;
	buf[0] = '\0';
	if ((a = ns_attr_find(o->cls, name)) == NULL ||
	    ns_attr_get(o, a, &v) == -1) {
		ns_obj_free(o);
		ns_val_free(&v);
		return NULL;
	}
	for (i = 0, e = v.buf; i < v.n; i++, e += strlen(e) + 1) {
		if (i > 0)
			strlcat(buf, "|", sizeof(buf));
		strlcat(buf, e, sizeof(buf));
	}
	ns_obj_free(o);
	ns_val_free(&v);
	return buf;
}

static int
count_one(struct ns_obj *c, void *arg)
{
	char *names = arg;

	strlcat(names, ns_obj_path(c), 1024);
	strlcat(names, " ", 1024);
	return 0;
}

/* What the provider says of the modules put() makes: an attribute's
 * value (NULL: none), checked as what. */
static const struct {
	const char *path, *name, *want, *what;
} attrs[] = {
	{ "/module/nf_nat", "state", "live", "Live is live" },
	{ "/module/xt_MASQUERADE", "state", "coming", "Loading is coming" },
	{ "/module/nf_conntrack", "state", "going", "Unloading is going" },
	{ "/module/ext4", "state", "builtin",
	    "no line, no initstate: built in" },
	{ "/module/late", "state", "coming",
	    "no line but an initstate: as it says" },
	{ "/module/nf_nat", "size", "49152", "size" },
	{ "/module/late", "size", "8192", "coresize" },
	{ "/module/ext4", "size", NULL, "a built-in has no size" },
	{ "/module/nf_conntrack", "refcount", "1", "refcount" },
	{ "/module/late", "refcount", "0", "refcnt file" },
	{ "/module/nf_nat", "holders",
	    "/module/nft_chain_nat|/module/xt_MASQUERADE",
	    "holders" },
	{ "/module/nf_conntrack", "holders", "/module/nf_nat",
	    "holders of the used" },
	{ "/module/nft_chain_nat", "uses", "/module/nf_nat",
	    "uses, turned around" },
	{ "/module/nf_nat", "uses", "/module/nf_conntrack",
	    "uses of a holder" },
	{ "/module/nft_chain_nat", "holders", NULL, "no holders" },
	{ "/module/nf_nat", "parameters", "a_text=\"two words\" b_flag=Y",
	    "parameters, sorted, quoted" },
	{ "/module/nf_nat", "srcversion", "0123456789ABCDEF", "srcversion" },
	{ "/module/bridge", "version", "2.3", "version" },
	{ "/module/xt_MASQUERADE", "taint", "OE", "taint from the line" },
	{ "/module/late", "taint", "O", "taint from the file" },
	{ "/module/nf_nat", "taint", NULL, "untainted" },
	{ "/module/virtio_net", "drivers", "virtio:virtio_net", "drivers" },
	{ "/module/virtio_net", "bound", "/dev/net/1",
	    "bound devices: only those under /dev" },
	{ "/module/ext4", "drivers", NULL, "no drivers" },
	{ "/module/nf_nat", "summary",
	    "nf_nat 49152 2 used by: nft_chain_nat,xt_MASQUERADE",
	    "summary of a loaded module" },
	{ "/module/nft_chain_nat", "summary",
	    "nft_chain_nat 12288 0 used by: -",
	    "summary of an unused one" },
	{ "/module/ext4", "summary", "ext4 builtin", "summary of a built-in" },
	{ "/module/late", "summary", "late 8192 0 used by: -",
	    "summary of one loaded after the table was read" },
	{ "/module/nf-nat", "path", "/module/nf_nat", "- is _ in a name" },
	{ "/module/virtio-net", "path", "/module/virtio_net", "- is _ again" },
};

static void
provider(void)
{
	char procmodules[PATH_MAX], sysmodule[PATH_MAX], names[1024] = "";
	char dir[PATH_MAX + 16];
	struct ns_obj *o;
	size_t i;

	put("proc/modules",
	    "nf_nat 49152 2 nft_chain_nat,xt_MASQUERADE, Live 0xffffffffc0a5\n"
	    "nft_chain_nat 12288 0 - Live 0xffffffffc0a1\n"
	    "xt_MASQUERADE 16384 0 - Loading 0xffffffffc0a2 (OE)\n"
	    "nf_conntrack 172032 1 nf_nat, Unloading 0xffffffffc0a7\n"
	    "this is no module line\n");
	put("sys/module/nf_nat/parameters/b_flag", "Y\n");
	put("sys/module/nf_nat/parameters/a_text", "two words\n");
	put("sys/module/nf_nat/srcversion", "0123456789ABCDEF\n");
	put("sys/module/nf_conntrack", NULL);
	put("sys/module/ext4/parameters/x", "0\n");
	put("sys/module/bridge/version", "2.3\n");
	put("sys/module/late/initstate", "coming\n");
	put("sys/module/late/coresize", "8192\n");
	put("sys/module/late/refcnt", "0\n");
	put("sys/module/late/taint", "O\n");
	put("sys/module/late/holders", NULL);
	put("sys/module/virtio_net/drivers", NULL);
	put("sys/bus/virtio/drivers/virtio_net", NULL);
	link_to("../../../bus/virtio/drivers/virtio_net",
	    "sys/module/virtio_net/drivers/virtio:virtio_net");
	link_to("../../../module/virtio_net",
	    "sys/bus/virtio/drivers/virtio_net/module");
	/* A device the namespace places, and a directory that is none. */
	link_to("/sys/devices/virtual/net/lo",
	    "sys/bus/virtio/drivers/virtio_net/lo");
	link_to("/tmp", "sys/bus/virtio/drivers/virtio_net/elsewhere");
	snprintf(procmodules, sizeof(procmodules), "%s/proc/modules", root);
	snprintf(sysmodule, sizeof(sysmodule), "%s/sys/module", root);
	ns_mod_set_roots(procmodules, sysmodule);

	o = ns_resolve("/module");
	ok(o != NULL && ns_list(o, count_one, names) == 0, "/module lists");
	ns_obj_free(o);
	is_str(names, "/module/bridge /module/ext4 /module/late "
	    "/module/nf_conntrack /module/nf_nat /module/nft_chain_nat "
	    "/module/virtio_net /module/xt_MASQUERADE ",
	    "both sources, once each, by name");

	for (i = 0; i < TAP_NITEMS(attrs); i++)
		is_str(attr(attrs[i].path, attrs[i].name), attrs[i].want, "%s",
		    attrs[i].what);
	snprintf(dir, sizeof(dir), "/fs%s", sysmodule);
	is_str(attr(sysmodule, "path"), dir,
	    "/sys/module itself is no module but a directory");
	snprintf(dir, sizeof(dir), "%s/bridge", sysmodule);
	is_str(attr(dir, "path"), "/module/bridge",
	    "the module's sysfs directory is the module");
	ok(ns_resolve("/module/nosuch") == NULL && errno == ENOENT,
	    "an unknown module names nothing");
	ok(ns_resolve("/module/nf_nat/x") == NULL && errno == ENOENT,
	    "a module has no children");

	/* No /proc/modules at all: every module is built in. */
	snprintf(procmodules, sizeof(procmodules), "%s/proc/none", root);
	ns_mod_set_roots(procmodules, sysmodule);
	is_str(attr("/module/nf_nat", "state"), "builtin",
	    "no /proc/modules: built in");
	is_str(attr("/module/xt_MASQUERADE", "path"), NULL,
	    "no /proc/modules: only /sys/module");
}

int
main(void)
{
	char cmd[PATH_MAX];

	parser();
	if (mkdtemp(root) == NULL)
		err(1, "mkdtemp");
	provider();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		diag("could not remove %s", root);
	return done_testing();
}
