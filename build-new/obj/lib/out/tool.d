build-new/obj/lib/out/tool.o: lib/out/tool.c lib/out/tool.h lib/core/ns.h
lib/out/tool.h:
lib/core/ns.h:
