build-new/obj/lib/core/mountinfo.o: lib/core/mountinfo.c lib/core/ns.h \
 lib/core/provider.h lib/core/mountinfo.h
lib/core/ns.h:
lib/core/provider.h:
lib/core/mountinfo.h:
