build-new/obj/cmd/nsmount.o: cmd/nsmount.c /usr/include/fuse3/fuse.h \
 /usr/include/fuse3/fuse_common.h /usr/include/fuse3/libfuse_config.h \
 /usr/include/fuse3/fuse_opt.h /usr/include/fuse3/fuse_log.h \
 /usr/include/fuse3/fuse_lowlevel.h lib/mount/mountlink.h lib/core/ns.h \
 lib/out/tool.h
/usr/include/fuse3/fuse.h:
/usr/include/fuse3/fuse_common.h:
/usr/include/fuse3/libfuse_config.h:
/usr/include/fuse3/fuse_opt.h:
/usr/include/fuse3/fuse_log.h:
/usr/include/fuse3/fuse_lowlevel.h:
lib/mount/mountlink.h:
lib/core/ns.h:
lib/out/tool.h:
