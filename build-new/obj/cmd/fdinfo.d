build-new/obj/cmd/fdinfo.o: cmd/fdinfo.c lib/out/tool.h lib/core/ns.h \
 lib/fd/fdwalk.h
lib/out/tool.h:
lib/core/ns.h:
lib/fd/fdwalk.h:
