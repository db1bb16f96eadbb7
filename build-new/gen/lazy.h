/* Written by build-aux/lazy.awk of lib/core/lazy.list: do not edit. */
#ifndef NS_LAZY_H
#define NS_LAZY_H

#include <libudev.h>
#include <netlink/netlink.h>
#include <netlink/attr.h>
#include <netlink/cache.h>
#include <netlink/msg.h>
#include <netlink/socket.h>
#include <netlink/utils.h>
#include <netlink/route/addr.h>
#include <netlink/route/link.h>
#include <netlink/route/neighbour.h>
#include <netlink/route/nexthop.h>
#include <netlink/route/route.h>
#include <libmount.h>
#include <blkid.h>
#include <libsmartcols.h>

struct ns_lazy_udev {
	__typeof__(udev_device_get_action) *udev_device_get_action;
	__typeof__(udev_device_get_devnode) *udev_device_get_devnode;
	__typeof__(udev_device_get_devnum) *udev_device_get_devnum;
	__typeof__(udev_device_get_devtype) *udev_device_get_devtype;
	__typeof__(udev_device_get_driver) *udev_device_get_driver;
	__typeof__(udev_device_get_parent_with_subsystem_devtype) *udev_device_get_parent_with_subsystem_devtype;
	__typeof__(udev_device_get_subsystem) *udev_device_get_subsystem;
	__typeof__(udev_device_get_sysattr_value) *udev_device_get_sysattr_value;
	__typeof__(udev_device_get_sysname) *udev_device_get_sysname;
	__typeof__(udev_device_get_syspath) *udev_device_get_syspath;
	__typeof__(udev_device_new_from_device_id) *udev_device_new_from_device_id;
	__typeof__(udev_device_new_from_devnum) *udev_device_new_from_devnum;
	__typeof__(udev_device_new_from_subsystem_sysname) *udev_device_new_from_subsystem_sysname;
	__typeof__(udev_device_new_from_syspath) *udev_device_new_from_syspath;
	__typeof__(udev_device_unref) *udev_device_unref;
	__typeof__(udev_enumerate_add_match_subsystem) *udev_enumerate_add_match_subsystem;
	__typeof__(udev_enumerate_get_list_entry) *udev_enumerate_get_list_entry;
	__typeof__(udev_enumerate_new) *udev_enumerate_new;
	__typeof__(udev_enumerate_scan_devices) *udev_enumerate_scan_devices;
	__typeof__(udev_enumerate_unref) *udev_enumerate_unref;
	__typeof__(udev_list_entry_get_name) *udev_list_entry_get_name;
	__typeof__(udev_list_entry_get_next) *udev_list_entry_get_next;
	__typeof__(udev_monitor_enable_receiving) *udev_monitor_enable_receiving;
	__typeof__(udev_monitor_get_fd) *udev_monitor_get_fd;
	__typeof__(udev_monitor_new_from_netlink) *udev_monitor_new_from_netlink;
	__typeof__(udev_monitor_receive_device) *udev_monitor_receive_device;
	__typeof__(udev_monitor_set_receive_buffer_size) *udev_monitor_set_receive_buffer_size;
	__typeof__(udev_new) *udev_new;
};
extern struct ns_lazy_udev ns_lazy_udev_table;
extern int ns_lazy_udev_loaded;
void ns_lazy_udev_load(void);

static inline const struct ns_lazy_udev *
ns_lazy_udev(void)
{
	if (!__atomic_load_n(&ns_lazy_udev_loaded, __ATOMIC_ACQUIRE))
		ns_lazy_udev_load();
	return &ns_lazy_udev_table;
}

struct ns_lazy_nl {
	__typeof__(nl_addr2str) *nl_addr2str;
	__typeof__(nl_addr_get_binary_addr) *nl_addr_get_binary_addr;
	__typeof__(nl_addr_get_family) *nl_addr_get_family;
	__typeof__(nl_addr_get_len) *nl_addr_get_len;
	__typeof__(nl_addr_get_prefixlen) *nl_addr_get_prefixlen;
	__typeof__(nl_llproto2str) *nl_llproto2str;
	__typeof__(nl_msg_parse) *nl_msg_parse;
	__typeof__(nl_object_get) *nl_object_get;
	__typeof__(nl_object_put) *nl_object_put;
	__typeof__(nla_len) *nla_len;
	__typeof__(nla_put_string) *nla_put_string;
	__typeof__(nla_put_u32) *nla_put_u32;
	__typeof__(nlmsg_alloc_simple) *nlmsg_alloc_simple;
	__typeof__(nlmsg_append) *nlmsg_append;
	__typeof__(nlmsg_convert) *nlmsg_convert;
	__typeof__(nlmsg_free) *nlmsg_free;
	__typeof__(nlmsg_hdr) *nlmsg_hdr;
	__typeof__(nlmsg_parse) *nlmsg_parse;
	__typeof__(nlmsg_set_proto) *nlmsg_set_proto;
	__typeof__(rtnl_addr_get_broadcast) *rtnl_addr_get_broadcast;
	__typeof__(rtnl_addr_get_family) *rtnl_addr_get_family;
	__typeof__(rtnl_addr_get_flags) *rtnl_addr_get_flags;
	__typeof__(rtnl_addr_get_ifindex) *rtnl_addr_get_ifindex;
	__typeof__(rtnl_addr_get_label) *rtnl_addr_get_label;
	__typeof__(rtnl_addr_get_local) *rtnl_addr_get_local;
	__typeof__(rtnl_addr_get_peer) *rtnl_addr_get_peer;
	__typeof__(rtnl_addr_get_preferred_lifetime) *rtnl_addr_get_preferred_lifetime;
	__typeof__(rtnl_addr_get_prefixlen) *rtnl_addr_get_prefixlen;
	__typeof__(rtnl_addr_get_scope) *rtnl_addr_get_scope;
	__typeof__(rtnl_addr_get_valid_lifetime) *rtnl_addr_get_valid_lifetime;
	__typeof__(rtnl_neigh_get_dst) *rtnl_neigh_get_dst;
	__typeof__(rtnl_neigh_get_family) *rtnl_neigh_get_family;
	__typeof__(rtnl_neigh_get_flags) *rtnl_neigh_get_flags;
	__typeof__(rtnl_neigh_get_ifindex) *rtnl_neigh_get_ifindex;
	__typeof__(rtnl_neigh_get_lladdr) *rtnl_neigh_get_lladdr;
	__typeof__(rtnl_neigh_get_state) *rtnl_neigh_get_state;
	__typeof__(rtnl_route_get_dst) *rtnl_route_get_dst;
	__typeof__(rtnl_route_get_family) *rtnl_route_get_family;
	__typeof__(rtnl_route_get_flags) *rtnl_route_get_flags;
	__typeof__(rtnl_route_get_nnexthops) *rtnl_route_get_nnexthops;
	__typeof__(rtnl_route_get_pref_src) *rtnl_route_get_pref_src;
	__typeof__(rtnl_route_get_priority) *rtnl_route_get_priority;
	__typeof__(rtnl_route_get_protocol) *rtnl_route_get_protocol;
	__typeof__(rtnl_route_get_scope) *rtnl_route_get_scope;
	__typeof__(rtnl_route_get_src) *rtnl_route_get_src;
	__typeof__(rtnl_route_get_table) *rtnl_route_get_table;
	__typeof__(rtnl_route_get_tos) *rtnl_route_get_tos;
	__typeof__(rtnl_route_get_type) *rtnl_route_get_type;
	__typeof__(rtnl_route_nexthop_n) *rtnl_route_nexthop_n;
	__typeof__(rtnl_route_nh_get_flags) *rtnl_route_nh_get_flags;
	__typeof__(rtnl_route_nh_get_gateway) *rtnl_route_nh_get_gateway;
	__typeof__(rtnl_route_nh_get_ifindex) *rtnl_route_nh_get_ifindex;
	__typeof__(rtnl_route_nh_get_via) *rtnl_route_nh_get_via;
	__typeof__(rtnl_route_nh_get_weight) *rtnl_route_nh_get_weight;
};
extern struct ns_lazy_nl ns_lazy_nl_table;
extern int ns_lazy_nl_loaded;
void ns_lazy_nl_load(void);

static inline const struct ns_lazy_nl *
ns_lazy_nl(void)
{
	if (!__atomic_load_n(&ns_lazy_nl_loaded, __ATOMIC_ACQUIRE))
		ns_lazy_nl_load();
	return &ns_lazy_nl_table;
}

struct ns_lazy_mount {
	__typeof__(blkid_do_safeprobe) *blkid_do_safeprobe;
	__typeof__(blkid_free_probe) *blkid_free_probe;
	__typeof__(blkid_new_probe_from_filename) *blkid_new_probe_from_filename;
	__typeof__(blkid_probe_enable_superblocks) *blkid_probe_enable_superblocks;
	__typeof__(blkid_probe_lookup_value) *blkid_probe_lookup_value;
	__typeof__(blkid_probe_set_superblocks_flags) *blkid_probe_set_superblocks_flags;
	__typeof__(mnt_free_iter) *mnt_free_iter;
	__typeof__(mnt_fs_get_devno) *mnt_fs_get_devno;
	__typeof__(mnt_fs_get_fs_options) *mnt_fs_get_fs_options;
	__typeof__(mnt_fs_get_fstype) *mnt_fs_get_fstype;
	__typeof__(mnt_fs_get_id) *mnt_fs_get_id;
	__typeof__(mnt_fs_get_optional_fields) *mnt_fs_get_optional_fields;
	__typeof__(mnt_fs_get_parent_id) *mnt_fs_get_parent_id;
	__typeof__(mnt_fs_get_root) *mnt_fs_get_root;
	__typeof__(mnt_fs_get_source) *mnt_fs_get_source;
	__typeof__(mnt_fs_get_target) *mnt_fs_get_target;
	__typeof__(mnt_fs_get_vfs_options) *mnt_fs_get_vfs_options;
	__typeof__(mnt_new_iter) *mnt_new_iter;
	__typeof__(mnt_new_table) *mnt_new_table;
	__typeof__(mnt_new_table_from_file) *mnt_new_table_from_file;
	__typeof__(mnt_table_get_nents) *mnt_table_get_nents;
	__typeof__(mnt_table_next_fs) *mnt_table_next_fs;
	__typeof__(mnt_table_parse_stream) *mnt_table_parse_stream;
	__typeof__(mnt_unref_table) *mnt_unref_table;
};
extern struct ns_lazy_mount ns_lazy_mount_table;
extern int ns_lazy_mount_loaded;
void ns_lazy_mount_load(void);

static inline const struct ns_lazy_mount *
ns_lazy_mount(void)
{
	if (!__atomic_load_n(&ns_lazy_mount_loaded, __ATOMIC_ACQUIRE))
		ns_lazy_mount_load();
	return &ns_lazy_mount_table;
}

struct ns_lazy_scols {
	__typeof__(scols_cell_get_data) *scols_cell_get_data;
	__typeof__(scols_column_get_flags) *scols_column_get_flags;
	__typeof__(scols_column_set_flags) *scols_column_set_flags;
	__typeof__(scols_column_set_json_type) *scols_column_set_json_type;
	__typeof__(scols_column_set_wrapfunc) *scols_column_set_wrapfunc;
	__typeof__(scols_free_iter) *scols_free_iter;
	__typeof__(scols_line_get_cell) *scols_line_get_cell;
	__typeof__(scols_line_get_parent) *scols_line_get_parent;
	__typeof__(scols_line_refer_data) *scols_line_refer_data;
	__typeof__(scols_line_set_data) *scols_line_set_data;
	__typeof__(scols_new_iter) *scols_new_iter;
	__typeof__(scols_new_table) *scols_new_table;
	__typeof__(scols_print_table) *scols_print_table;
	__typeof__(scols_table_enable_export) *scols_table_enable_export;
	__typeof__(scols_table_enable_json) *scols_table_enable_json;
	__typeof__(scols_table_enable_minout) *scols_table_enable_minout;
	__typeof__(scols_table_enable_noencoding) *scols_table_enable_noencoding;
	__typeof__(scols_table_enable_noheadings) *scols_table_enable_noheadings;
	__typeof__(scols_table_enable_raw) *scols_table_enable_raw;
	__typeof__(scols_table_get_column) *scols_table_get_column;
	__typeof__(scols_table_new_column) *scols_table_new_column;
	__typeof__(scols_table_new_line) *scols_table_new_line;
	__typeof__(scols_table_next_line) *scols_table_next_line;
	__typeof__(scols_table_remove_lines) *scols_table_remove_lines;
	__typeof__(scols_table_set_name) *scols_table_set_name;
	__typeof__(scols_table_set_stream) *scols_table_set_stream;
	__typeof__(scols_table_set_termforce) *scols_table_set_termforce;
	__typeof__(scols_table_set_termwidth) *scols_table_set_termwidth;
	__typeof__(scols_unref_table) *scols_unref_table;
	__typeof__(scols_wrapnl_chunksize) *scols_wrapnl_chunksize;
	__typeof__(scols_wrapnl_nextchunk) *scols_wrapnl_nextchunk;
};
extern struct ns_lazy_scols ns_lazy_scols_table;
extern int ns_lazy_scols_loaded;
void ns_lazy_scols_load(void);

static inline const struct ns_lazy_scols *
ns_lazy_scols(void)
{
	if (!__atomic_load_n(&ns_lazy_scols_loaded, __ATOMIC_ACQUIRE))
		ns_lazy_scols_load();
	return &ns_lazy_scols_table;
}

#ifdef NS_LAZY_LOADER
#define NS_LAZY_UDEV_SONAME "libudev.so.1"
static void
ns_lazy_udev_fill(void *h, struct ns_lazy_udev *t)
{
	*(void **)&t->udev_device_get_action = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_action");
	*(void **)&t->udev_device_get_devnode = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_devnode");
	*(void **)&t->udev_device_get_devnum = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_devnum");
	*(void **)&t->udev_device_get_devtype = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_devtype");
	*(void **)&t->udev_device_get_driver = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_driver");
	*(void **)&t->udev_device_get_parent_with_subsystem_devtype = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_parent_with_subsystem_devtype");
	*(void **)&t->udev_device_get_subsystem = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_subsystem");
	*(void **)&t->udev_device_get_sysattr_value = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_sysattr_value");
	*(void **)&t->udev_device_get_sysname = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_sysname");
	*(void **)&t->udev_device_get_syspath = ns_lazy_sym(h, "libudev.so.1", "udev_device_get_syspath");
	*(void **)&t->udev_device_new_from_device_id = ns_lazy_sym(h, "libudev.so.1", "udev_device_new_from_device_id");
	*(void **)&t->udev_device_new_from_devnum = ns_lazy_sym(h, "libudev.so.1", "udev_device_new_from_devnum");
	*(void **)&t->udev_device_new_from_subsystem_sysname = ns_lazy_sym(h, "libudev.so.1", "udev_device_new_from_subsystem_sysname");
	*(void **)&t->udev_device_new_from_syspath = ns_lazy_sym(h, "libudev.so.1", "udev_device_new_from_syspath");
	*(void **)&t->udev_device_unref = ns_lazy_sym(h, "libudev.so.1", "udev_device_unref");
	*(void **)&t->udev_enumerate_add_match_subsystem = ns_lazy_sym(h, "libudev.so.1", "udev_enumerate_add_match_subsystem");
	*(void **)&t->udev_enumerate_get_list_entry = ns_lazy_sym(h, "libudev.so.1", "udev_enumerate_get_list_entry");
	*(void **)&t->udev_enumerate_new = ns_lazy_sym(h, "libudev.so.1", "udev_enumerate_new");
	*(void **)&t->udev_enumerate_scan_devices = ns_lazy_sym(h, "libudev.so.1", "udev_enumerate_scan_devices");
	*(void **)&t->udev_enumerate_unref = ns_lazy_sym(h, "libudev.so.1", "udev_enumerate_unref");
	*(void **)&t->udev_list_entry_get_name = ns_lazy_sym(h, "libudev.so.1", "udev_list_entry_get_name");
	*(void **)&t->udev_list_entry_get_next = ns_lazy_sym(h, "libudev.so.1", "udev_list_entry_get_next");
	*(void **)&t->udev_monitor_enable_receiving = ns_lazy_sym(h, "libudev.so.1", "udev_monitor_enable_receiving");
	*(void **)&t->udev_monitor_get_fd = ns_lazy_sym(h, "libudev.so.1", "udev_monitor_get_fd");
	*(void **)&t->udev_monitor_new_from_netlink = ns_lazy_sym(h, "libudev.so.1", "udev_monitor_new_from_netlink");
	*(void **)&t->udev_monitor_receive_device = ns_lazy_sym(h, "libudev.so.1", "udev_monitor_receive_device");
	*(void **)&t->udev_monitor_set_receive_buffer_size = ns_lazy_sym(h, "libudev.so.1", "udev_monitor_set_receive_buffer_size");
	*(void **)&t->udev_new = ns_lazy_sym(h, "libudev.so.1", "udev_new");
}

#define NS_LAZY_NL_SONAME "libnl-route-3.so.200"
static void
ns_lazy_nl_fill(void *h, struct ns_lazy_nl *t)
{
	*(void **)&t->nl_addr2str = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_addr2str");
	*(void **)&t->nl_addr_get_binary_addr = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_addr_get_binary_addr");
	*(void **)&t->nl_addr_get_family = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_addr_get_family");
	*(void **)&t->nl_addr_get_len = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_addr_get_len");
	*(void **)&t->nl_addr_get_prefixlen = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_addr_get_prefixlen");
	*(void **)&t->nl_llproto2str = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_llproto2str");
	*(void **)&t->nl_msg_parse = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_msg_parse");
	*(void **)&t->nl_object_get = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_object_get");
	*(void **)&t->nl_object_put = ns_lazy_sym(h, "libnl-route-3.so.200", "nl_object_put");
	*(void **)&t->nla_len = ns_lazy_sym(h, "libnl-route-3.so.200", "nla_len");
	*(void **)&t->nla_put_string = ns_lazy_sym(h, "libnl-route-3.so.200", "nla_put_string");
	*(void **)&t->nla_put_u32 = ns_lazy_sym(h, "libnl-route-3.so.200", "nla_put_u32");
	*(void **)&t->nlmsg_alloc_simple = ns_lazy_sym(h, "libnl-route-3.so.200", "nlmsg_alloc_simple");
	*(void **)&t->nlmsg_append = ns_lazy_sym(h, "libnl-route-3.so.200", "nlmsg_append");
	*(void **)&t->nlmsg_convert = ns_lazy_sym(h, "libnl-route-3.so.200", "nlmsg_convert");
	*(void **)&t->nlmsg_free = ns_lazy_sym(h, "libnl-route-3.so.200", "nlmsg_free");
	*(void **)&t->nlmsg_hdr = ns_lazy_sym(h, "libnl-route-3.so.200", "nlmsg_hdr");
	*(void **)&t->nlmsg_parse = ns_lazy_sym(h, "libnl-route-3.so.200", "nlmsg_parse");
	*(void **)&t->nlmsg_set_proto = ns_lazy_sym(h, "libnl-route-3.so.200", "nlmsg_set_proto");
	*(void **)&t->rtnl_addr_get_broadcast = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_broadcast");
	*(void **)&t->rtnl_addr_get_family = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_family");
	*(void **)&t->rtnl_addr_get_flags = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_flags");
	*(void **)&t->rtnl_addr_get_ifindex = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_ifindex");
	*(void **)&t->rtnl_addr_get_label = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_label");
	*(void **)&t->rtnl_addr_get_local = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_local");
	*(void **)&t->rtnl_addr_get_peer = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_peer");
	*(void **)&t->rtnl_addr_get_preferred_lifetime = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_preferred_lifetime");
	*(void **)&t->rtnl_addr_get_prefixlen = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_prefixlen");
	*(void **)&t->rtnl_addr_get_scope = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_scope");
	*(void **)&t->rtnl_addr_get_valid_lifetime = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_addr_get_valid_lifetime");
	*(void **)&t->rtnl_neigh_get_dst = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_neigh_get_dst");
	*(void **)&t->rtnl_neigh_get_family = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_neigh_get_family");
	*(void **)&t->rtnl_neigh_get_flags = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_neigh_get_flags");
	*(void **)&t->rtnl_neigh_get_ifindex = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_neigh_get_ifindex");
	*(void **)&t->rtnl_neigh_get_lladdr = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_neigh_get_lladdr");
	*(void **)&t->rtnl_neigh_get_state = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_neigh_get_state");
	*(void **)&t->rtnl_route_get_dst = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_dst");
	*(void **)&t->rtnl_route_get_family = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_family");
	*(void **)&t->rtnl_route_get_flags = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_flags");
	*(void **)&t->rtnl_route_get_nnexthops = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_nnexthops");
	*(void **)&t->rtnl_route_get_pref_src = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_pref_src");
	*(void **)&t->rtnl_route_get_priority = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_priority");
	*(void **)&t->rtnl_route_get_protocol = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_protocol");
	*(void **)&t->rtnl_route_get_scope = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_scope");
	*(void **)&t->rtnl_route_get_src = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_src");
	*(void **)&t->rtnl_route_get_table = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_table");
	*(void **)&t->rtnl_route_get_tos = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_tos");
	*(void **)&t->rtnl_route_get_type = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_get_type");
	*(void **)&t->rtnl_route_nexthop_n = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_nexthop_n");
	*(void **)&t->rtnl_route_nh_get_flags = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_nh_get_flags");
	*(void **)&t->rtnl_route_nh_get_gateway = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_nh_get_gateway");
	*(void **)&t->rtnl_route_nh_get_ifindex = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_nh_get_ifindex");
	*(void **)&t->rtnl_route_nh_get_via = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_nh_get_via");
	*(void **)&t->rtnl_route_nh_get_weight = ns_lazy_sym(h, "libnl-route-3.so.200", "rtnl_route_nh_get_weight");
}

#define NS_LAZY_MOUNT_SONAME "libmount.so.1"
static void
ns_lazy_mount_fill(void *h, struct ns_lazy_mount *t)
{
	*(void **)&t->blkid_do_safeprobe = ns_lazy_sym(h, "libmount.so.1", "blkid_do_safeprobe");
	*(void **)&t->blkid_free_probe = ns_lazy_sym(h, "libmount.so.1", "blkid_free_probe");
	*(void **)&t->blkid_new_probe_from_filename = ns_lazy_sym(h, "libmount.so.1", "blkid_new_probe_from_filename");
	*(void **)&t->blkid_probe_enable_superblocks = ns_lazy_sym(h, "libmount.so.1", "blkid_probe_enable_superblocks");
	*(void **)&t->blkid_probe_lookup_value = ns_lazy_sym(h, "libmount.so.1", "blkid_probe_lookup_value");
	*(void **)&t->blkid_probe_set_superblocks_flags = ns_lazy_sym(h, "libmount.so.1", "blkid_probe_set_superblocks_flags");
	*(void **)&t->mnt_free_iter = ns_lazy_sym(h, "libmount.so.1", "mnt_free_iter");
	*(void **)&t->mnt_fs_get_devno = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_devno");
	*(void **)&t->mnt_fs_get_fs_options = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_fs_options");
	*(void **)&t->mnt_fs_get_fstype = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_fstype");
	*(void **)&t->mnt_fs_get_id = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_id");
	*(void **)&t->mnt_fs_get_optional_fields = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_optional_fields");
	*(void **)&t->mnt_fs_get_parent_id = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_parent_id");
	*(void **)&t->mnt_fs_get_root = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_root");
	*(void **)&t->mnt_fs_get_source = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_source");
	*(void **)&t->mnt_fs_get_target = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_target");
	*(void **)&t->mnt_fs_get_vfs_options = ns_lazy_sym(h, "libmount.so.1", "mnt_fs_get_vfs_options");
	*(void **)&t->mnt_new_iter = ns_lazy_sym(h, "libmount.so.1", "mnt_new_iter");
	*(void **)&t->mnt_new_table = ns_lazy_sym(h, "libmount.so.1", "mnt_new_table");
	*(void **)&t->mnt_new_table_from_file = ns_lazy_sym(h, "libmount.so.1", "mnt_new_table_from_file");
	*(void **)&t->mnt_table_get_nents = ns_lazy_sym(h, "libmount.so.1", "mnt_table_get_nents");
	*(void **)&t->mnt_table_next_fs = ns_lazy_sym(h, "libmount.so.1", "mnt_table_next_fs");
	*(void **)&t->mnt_table_parse_stream = ns_lazy_sym(h, "libmount.so.1", "mnt_table_parse_stream");
	*(void **)&t->mnt_unref_table = ns_lazy_sym(h, "libmount.so.1", "mnt_unref_table");
}

#define NS_LAZY_SCOLS_SONAME "libsmartcols.so.1"
static void
ns_lazy_scols_fill(void *h, struct ns_lazy_scols *t)
{
	*(void **)&t->scols_cell_get_data = ns_lazy_sym(h, "libsmartcols.so.1", "scols_cell_get_data");
	*(void **)&t->scols_column_get_flags = ns_lazy_sym(h, "libsmartcols.so.1", "scols_column_get_flags");
	*(void **)&t->scols_column_set_flags = ns_lazy_sym(h, "libsmartcols.so.1", "scols_column_set_flags");
	*(void **)&t->scols_column_set_json_type = ns_lazy_sym(h, "libsmartcols.so.1", "scols_column_set_json_type");
	*(void **)&t->scols_column_set_wrapfunc = ns_lazy_sym(h, "libsmartcols.so.1", "scols_column_set_wrapfunc");
	*(void **)&t->scols_free_iter = ns_lazy_sym(h, "libsmartcols.so.1", "scols_free_iter");
	*(void **)&t->scols_line_get_cell = ns_lazy_sym(h, "libsmartcols.so.1", "scols_line_get_cell");
	*(void **)&t->scols_line_get_parent = ns_lazy_sym(h, "libsmartcols.so.1", "scols_line_get_parent");
	*(void **)&t->scols_line_refer_data = ns_lazy_sym(h, "libsmartcols.so.1", "scols_line_refer_data");
	*(void **)&t->scols_line_set_data = ns_lazy_sym(h, "libsmartcols.so.1", "scols_line_set_data");
	*(void **)&t->scols_new_iter = ns_lazy_sym(h, "libsmartcols.so.1", "scols_new_iter");
	*(void **)&t->scols_new_table = ns_lazy_sym(h, "libsmartcols.so.1", "scols_new_table");
	*(void **)&t->scols_print_table = ns_lazy_sym(h, "libsmartcols.so.1", "scols_print_table");
	*(void **)&t->scols_table_enable_export = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_enable_export");
	*(void **)&t->scols_table_enable_json = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_enable_json");
	*(void **)&t->scols_table_enable_minout = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_enable_minout");
	*(void **)&t->scols_table_enable_noencoding = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_enable_noencoding");
	*(void **)&t->scols_table_enable_noheadings = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_enable_noheadings");
	*(void **)&t->scols_table_enable_raw = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_enable_raw");
	*(void **)&t->scols_table_get_column = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_get_column");
	*(void **)&t->scols_table_new_column = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_new_column");
	*(void **)&t->scols_table_new_line = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_new_line");
	*(void **)&t->scols_table_next_line = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_next_line");
	*(void **)&t->scols_table_remove_lines = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_remove_lines");
	*(void **)&t->scols_table_set_name = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_set_name");
	*(void **)&t->scols_table_set_stream = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_set_stream");
	*(void **)&t->scols_table_set_termforce = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_set_termforce");
	*(void **)&t->scols_table_set_termwidth = ns_lazy_sym(h, "libsmartcols.so.1", "scols_table_set_termwidth");
	*(void **)&t->scols_unref_table = ns_lazy_sym(h, "libsmartcols.so.1", "scols_unref_table");
	*(void **)&t->scols_wrapnl_chunksize = ns_lazy_sym(h, "libsmartcols.so.1", "scols_wrapnl_chunksize");
	*(void **)&t->scols_wrapnl_nextchunk = ns_lazy_sym(h, "libsmartcols.so.1", "scols_wrapnl_nextchunk");
}

#else
#define udev_device_get_action(...)	(ns_lazy_udev()->udev_device_get_action(__VA_ARGS__))
#define udev_device_get_devnode(...)	(ns_lazy_udev()->udev_device_get_devnode(__VA_ARGS__))
#define udev_device_get_devnum(...)	(ns_lazy_udev()->udev_device_get_devnum(__VA_ARGS__))
#define udev_device_get_devtype(...)	(ns_lazy_udev()->udev_device_get_devtype(__VA_ARGS__))
#define udev_device_get_driver(...)	(ns_lazy_udev()->udev_device_get_driver(__VA_ARGS__))
#define udev_device_get_parent_with_subsystem_devtype(...)	(ns_lazy_udev()->udev_device_get_parent_with_subsystem_devtype(__VA_ARGS__))
#define udev_device_get_subsystem(...)	(ns_lazy_udev()->udev_device_get_subsystem(__VA_ARGS__))
#define udev_device_get_sysattr_value(...)	(ns_lazy_udev()->udev_device_get_sysattr_value(__VA_ARGS__))
#define udev_device_get_sysname(...)	(ns_lazy_udev()->udev_device_get_sysname(__VA_ARGS__))
#define udev_device_get_syspath(...)	(ns_lazy_udev()->udev_device_get_syspath(__VA_ARGS__))
#define udev_device_new_from_device_id(...)	(ns_lazy_udev()->udev_device_new_from_device_id(__VA_ARGS__))
#define udev_device_new_from_devnum(...)	(ns_lazy_udev()->udev_device_new_from_devnum(__VA_ARGS__))
#define udev_device_new_from_subsystem_sysname(...)	(ns_lazy_udev()->udev_device_new_from_subsystem_sysname(__VA_ARGS__))
#define udev_device_new_from_syspath(...)	(ns_lazy_udev()->udev_device_new_from_syspath(__VA_ARGS__))
#define udev_device_unref(...)	(ns_lazy_udev()->udev_device_unref(__VA_ARGS__))
#define udev_enumerate_add_match_subsystem(...)	(ns_lazy_udev()->udev_enumerate_add_match_subsystem(__VA_ARGS__))
#define udev_enumerate_get_list_entry(...)	(ns_lazy_udev()->udev_enumerate_get_list_entry(__VA_ARGS__))
#define udev_enumerate_new(...)	(ns_lazy_udev()->udev_enumerate_new(__VA_ARGS__))
#define udev_enumerate_scan_devices(...)	(ns_lazy_udev()->udev_enumerate_scan_devices(__VA_ARGS__))
#define udev_enumerate_unref(...)	(ns_lazy_udev()->udev_enumerate_unref(__VA_ARGS__))
#define udev_list_entry_get_name(...)	(ns_lazy_udev()->udev_list_entry_get_name(__VA_ARGS__))
#define udev_list_entry_get_next(...)	(ns_lazy_udev()->udev_list_entry_get_next(__VA_ARGS__))
#define udev_monitor_enable_receiving(...)	(ns_lazy_udev()->udev_monitor_enable_receiving(__VA_ARGS__))
#define udev_monitor_get_fd(...)	(ns_lazy_udev()->udev_monitor_get_fd(__VA_ARGS__))
#define udev_monitor_new_from_netlink(...)	(ns_lazy_udev()->udev_monitor_new_from_netlink(__VA_ARGS__))
#define udev_monitor_receive_device(...)	(ns_lazy_udev()->udev_monitor_receive_device(__VA_ARGS__))
#define udev_monitor_set_receive_buffer_size(...)	(ns_lazy_udev()->udev_monitor_set_receive_buffer_size(__VA_ARGS__))
#define udev_new(...)	(ns_lazy_udev()->udev_new(__VA_ARGS__))
#define nl_addr2str(...)	(ns_lazy_nl()->nl_addr2str(__VA_ARGS__))
#define nl_addr_get_binary_addr(...)	(ns_lazy_nl()->nl_addr_get_binary_addr(__VA_ARGS__))
#define nl_addr_get_family(...)	(ns_lazy_nl()->nl_addr_get_family(__VA_ARGS__))
#define nl_addr_get_len(...)	(ns_lazy_nl()->nl_addr_get_len(__VA_ARGS__))
#define nl_addr_get_prefixlen(...)	(ns_lazy_nl()->nl_addr_get_prefixlen(__VA_ARGS__))
#define nl_llproto2str(...)	(ns_lazy_nl()->nl_llproto2str(__VA_ARGS__))
#define nl_msg_parse(...)	(ns_lazy_nl()->nl_msg_parse(__VA_ARGS__))
#define nl_object_get(...)	(ns_lazy_nl()->nl_object_get(__VA_ARGS__))
#define nl_object_put(...)	(ns_lazy_nl()->nl_object_put(__VA_ARGS__))
#define nla_len(...)	(ns_lazy_nl()->nla_len(__VA_ARGS__))
#define nla_put_string(...)	(ns_lazy_nl()->nla_put_string(__VA_ARGS__))
#define nla_put_u32(...)	(ns_lazy_nl()->nla_put_u32(__VA_ARGS__))
#define nlmsg_alloc_simple(...)	(ns_lazy_nl()->nlmsg_alloc_simple(__VA_ARGS__))
#define nlmsg_append(...)	(ns_lazy_nl()->nlmsg_append(__VA_ARGS__))
#define nlmsg_convert(...)	(ns_lazy_nl()->nlmsg_convert(__VA_ARGS__))
#define nlmsg_free(...)	(ns_lazy_nl()->nlmsg_free(__VA_ARGS__))
#define nlmsg_hdr(...)	(ns_lazy_nl()->nlmsg_hdr(__VA_ARGS__))
#define nlmsg_parse(...)	(ns_lazy_nl()->nlmsg_parse(__VA_ARGS__))
#define nlmsg_set_proto(...)	(ns_lazy_nl()->nlmsg_set_proto(__VA_ARGS__))
#define rtnl_addr_get_broadcast(...)	(ns_lazy_nl()->rtnl_addr_get_broadcast(__VA_ARGS__))
#define rtnl_addr_get_family(...)	(ns_lazy_nl()->rtnl_addr_get_family(__VA_ARGS__))
#define rtnl_addr_get_flags(...)	(ns_lazy_nl()->rtnl_addr_get_flags(__VA_ARGS__))
#define rtnl_addr_get_ifindex(...)	(ns_lazy_nl()->rtnl_addr_get_ifindex(__VA_ARGS__))
#define rtnl_addr_get_label(...)	(ns_lazy_nl()->rtnl_addr_get_label(__VA_ARGS__))
#define rtnl_addr_get_local(...)	(ns_lazy_nl()->rtnl_addr_get_local(__VA_ARGS__))
#define rtnl_addr_get_peer(...)	(ns_lazy_nl()->rtnl_addr_get_peer(__VA_ARGS__))
#define rtnl_addr_get_preferred_lifetime(...)	(ns_lazy_nl()->rtnl_addr_get_preferred_lifetime(__VA_ARGS__))
#define rtnl_addr_get_prefixlen(...)	(ns_lazy_nl()->rtnl_addr_get_prefixlen(__VA_ARGS__))
#define rtnl_addr_get_scope(...)	(ns_lazy_nl()->rtnl_addr_get_scope(__VA_ARGS__))
#define rtnl_addr_get_valid_lifetime(...)	(ns_lazy_nl()->rtnl_addr_get_valid_lifetime(__VA_ARGS__))
#define rtnl_neigh_get_dst(...)	(ns_lazy_nl()->rtnl_neigh_get_dst(__VA_ARGS__))
#define rtnl_neigh_get_family(...)	(ns_lazy_nl()->rtnl_neigh_get_family(__VA_ARGS__))
#define rtnl_neigh_get_flags(...)	(ns_lazy_nl()->rtnl_neigh_get_flags(__VA_ARGS__))
#define rtnl_neigh_get_ifindex(...)	(ns_lazy_nl()->rtnl_neigh_get_ifindex(__VA_ARGS__))
#define rtnl_neigh_get_lladdr(...)	(ns_lazy_nl()->rtnl_neigh_get_lladdr(__VA_ARGS__))
#define rtnl_neigh_get_state(...)	(ns_lazy_nl()->rtnl_neigh_get_state(__VA_ARGS__))
#define rtnl_route_get_dst(...)	(ns_lazy_nl()->rtnl_route_get_dst(__VA_ARGS__))
#define rtnl_route_get_family(...)	(ns_lazy_nl()->rtnl_route_get_family(__VA_ARGS__))
#define rtnl_route_get_flags(...)	(ns_lazy_nl()->rtnl_route_get_flags(__VA_ARGS__))
#define rtnl_route_get_nnexthops(...)	(ns_lazy_nl()->rtnl_route_get_nnexthops(__VA_ARGS__))
#define rtnl_route_get_pref_src(...)	(ns_lazy_nl()->rtnl_route_get_pref_src(__VA_ARGS__))
#define rtnl_route_get_priority(...)	(ns_lazy_nl()->rtnl_route_get_priority(__VA_ARGS__))
#define rtnl_route_get_protocol(...)	(ns_lazy_nl()->rtnl_route_get_protocol(__VA_ARGS__))
#define rtnl_route_get_scope(...)	(ns_lazy_nl()->rtnl_route_get_scope(__VA_ARGS__))
#define rtnl_route_get_src(...)	(ns_lazy_nl()->rtnl_route_get_src(__VA_ARGS__))
#define rtnl_route_get_table(...)	(ns_lazy_nl()->rtnl_route_get_table(__VA_ARGS__))
#define rtnl_route_get_tos(...)	(ns_lazy_nl()->rtnl_route_get_tos(__VA_ARGS__))
#define rtnl_route_get_type(...)	(ns_lazy_nl()->rtnl_route_get_type(__VA_ARGS__))
#define rtnl_route_nexthop_n(...)	(ns_lazy_nl()->rtnl_route_nexthop_n(__VA_ARGS__))
#define rtnl_route_nh_get_flags(...)	(ns_lazy_nl()->rtnl_route_nh_get_flags(__VA_ARGS__))
#define rtnl_route_nh_get_gateway(...)	(ns_lazy_nl()->rtnl_route_nh_get_gateway(__VA_ARGS__))
#define rtnl_route_nh_get_ifindex(...)	(ns_lazy_nl()->rtnl_route_nh_get_ifindex(__VA_ARGS__))
#define rtnl_route_nh_get_via(...)	(ns_lazy_nl()->rtnl_route_nh_get_via(__VA_ARGS__))
#define rtnl_route_nh_get_weight(...)	(ns_lazy_nl()->rtnl_route_nh_get_weight(__VA_ARGS__))
#define blkid_do_safeprobe(...)	(ns_lazy_mount()->blkid_do_safeprobe(__VA_ARGS__))
#define blkid_free_probe(...)	(ns_lazy_mount()->blkid_free_probe(__VA_ARGS__))
#define blkid_new_probe_from_filename(...)	(ns_lazy_mount()->blkid_new_probe_from_filename(__VA_ARGS__))
#define blkid_probe_enable_superblocks(...)	(ns_lazy_mount()->blkid_probe_enable_superblocks(__VA_ARGS__))
#define blkid_probe_lookup_value(...)	(ns_lazy_mount()->blkid_probe_lookup_value(__VA_ARGS__))
#define blkid_probe_set_superblocks_flags(...)	(ns_lazy_mount()->blkid_probe_set_superblocks_flags(__VA_ARGS__))
#define mnt_free_iter(...)	(ns_lazy_mount()->mnt_free_iter(__VA_ARGS__))
#define mnt_fs_get_devno(...)	(ns_lazy_mount()->mnt_fs_get_devno(__VA_ARGS__))
#define mnt_fs_get_fs_options(...)	(ns_lazy_mount()->mnt_fs_get_fs_options(__VA_ARGS__))
#define mnt_fs_get_fstype(...)	(ns_lazy_mount()->mnt_fs_get_fstype(__VA_ARGS__))
#define mnt_fs_get_id(...)	(ns_lazy_mount()->mnt_fs_get_id(__VA_ARGS__))
#define mnt_fs_get_optional_fields(...)	(ns_lazy_mount()->mnt_fs_get_optional_fields(__VA_ARGS__))
#define mnt_fs_get_parent_id(...)	(ns_lazy_mount()->mnt_fs_get_parent_id(__VA_ARGS__))
#define mnt_fs_get_root(...)	(ns_lazy_mount()->mnt_fs_get_root(__VA_ARGS__))
#define mnt_fs_get_source(...)	(ns_lazy_mount()->mnt_fs_get_source(__VA_ARGS__))
#define mnt_fs_get_target(...)	(ns_lazy_mount()->mnt_fs_get_target(__VA_ARGS__))
#define mnt_fs_get_vfs_options(...)	(ns_lazy_mount()->mnt_fs_get_vfs_options(__VA_ARGS__))
#define mnt_new_iter(...)	(ns_lazy_mount()->mnt_new_iter(__VA_ARGS__))
#define mnt_new_table(...)	(ns_lazy_mount()->mnt_new_table(__VA_ARGS__))
#define mnt_new_table_from_file(...)	(ns_lazy_mount()->mnt_new_table_from_file(__VA_ARGS__))
#define mnt_table_get_nents(...)	(ns_lazy_mount()->mnt_table_get_nents(__VA_ARGS__))
#define mnt_table_next_fs(...)	(ns_lazy_mount()->mnt_table_next_fs(__VA_ARGS__))
#define mnt_table_parse_stream(...)	(ns_lazy_mount()->mnt_table_parse_stream(__VA_ARGS__))
#define mnt_unref_table(...)	(ns_lazy_mount()->mnt_unref_table(__VA_ARGS__))
#define scols_cell_get_data(...)	(ns_lazy_scols()->scols_cell_get_data(__VA_ARGS__))
#define scols_column_get_flags(...)	(ns_lazy_scols()->scols_column_get_flags(__VA_ARGS__))
#define scols_column_set_flags(...)	(ns_lazy_scols()->scols_column_set_flags(__VA_ARGS__))
#define scols_column_set_json_type(...)	(ns_lazy_scols()->scols_column_set_json_type(__VA_ARGS__))
#define scols_column_set_wrapfunc(...)	(ns_lazy_scols()->scols_column_set_wrapfunc(__VA_ARGS__))
#define scols_free_iter(...)	(ns_lazy_scols()->scols_free_iter(__VA_ARGS__))
#define scols_line_get_cell(...)	(ns_lazy_scols()->scols_line_get_cell(__VA_ARGS__))
#define scols_line_get_parent(...)	(ns_lazy_scols()->scols_line_get_parent(__VA_ARGS__))
#define scols_line_refer_data(...)	(ns_lazy_scols()->scols_line_refer_data(__VA_ARGS__))
#define scols_line_set_data(...)	(ns_lazy_scols()->scols_line_set_data(__VA_ARGS__))
#define scols_new_iter(...)	(ns_lazy_scols()->scols_new_iter(__VA_ARGS__))
#define scols_new_table(...)	(ns_lazy_scols()->scols_new_table(__VA_ARGS__))
#define scols_print_table(...)	(ns_lazy_scols()->scols_print_table(__VA_ARGS__))
#define scols_table_enable_export(...)	(ns_lazy_scols()->scols_table_enable_export(__VA_ARGS__))
#define scols_table_enable_json(...)	(ns_lazy_scols()->scols_table_enable_json(__VA_ARGS__))
#define scols_table_enable_minout(...)	(ns_lazy_scols()->scols_table_enable_minout(__VA_ARGS__))
#define scols_table_enable_noencoding(...)	(ns_lazy_scols()->scols_table_enable_noencoding(__VA_ARGS__))
#define scols_table_enable_noheadings(...)	(ns_lazy_scols()->scols_table_enable_noheadings(__VA_ARGS__))
#define scols_table_enable_raw(...)	(ns_lazy_scols()->scols_table_enable_raw(__VA_ARGS__))
#define scols_table_get_column(...)	(ns_lazy_scols()->scols_table_get_column(__VA_ARGS__))
#define scols_table_new_column(...)	(ns_lazy_scols()->scols_table_new_column(__VA_ARGS__))
#define scols_table_new_line(...)	(ns_lazy_scols()->scols_table_new_line(__VA_ARGS__))
#define scols_table_next_line(...)	(ns_lazy_scols()->scols_table_next_line(__VA_ARGS__))
#define scols_table_remove_lines(...)	(ns_lazy_scols()->scols_table_remove_lines(__VA_ARGS__))
#define scols_table_set_name(...)	(ns_lazy_scols()->scols_table_set_name(__VA_ARGS__))
#define scols_table_set_stream(...)	(ns_lazy_scols()->scols_table_set_stream(__VA_ARGS__))
#define scols_table_set_termforce(...)	(ns_lazy_scols()->scols_table_set_termforce(__VA_ARGS__))
#define scols_table_set_termwidth(...)	(ns_lazy_scols()->scols_table_set_termwidth(__VA_ARGS__))
#define scols_unref_table(...)	(ns_lazy_scols()->scols_unref_table(__VA_ARGS__))
#define scols_wrapnl_chunksize(...)	(ns_lazy_scols()->scols_wrapnl_chunksize(__VA_ARGS__))
#define scols_wrapnl_nextchunk(...)	(ns_lazy_scols()->scols_wrapnl_nextchunk(__VA_ARGS__))
#endif

#endif
