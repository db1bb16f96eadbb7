build-new/obj/lib/core/remotefs.o: lib/core/remotefs.c \
 lib/core/provider.h lib/core/ns.h lib/fd/fdparse.h lib/core/mountinfo.h \
 lib/core/remotefs.h
lib/core/provider.h:
lib/core/ns.h:
lib/fd/fdparse.h:
lib/core/mountinfo.h:
lib/core/remotefs.h:
