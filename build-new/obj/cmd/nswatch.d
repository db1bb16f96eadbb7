build-new/obj/cmd/nswatch.o: cmd/nswatch.c lib/core/ns.h lib/out/tool.h
lib/core/ns.h:
lib/out/tool.h:
