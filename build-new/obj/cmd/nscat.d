build-new/obj/cmd/nscat.o: cmd/nscat.c lib/core/ns.h lib/out/tool.h
lib/core/ns.h:
lib/out/tool.h:
