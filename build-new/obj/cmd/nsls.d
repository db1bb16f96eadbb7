build-new/obj/cmd/nsls.o: cmd/nsls.c lib/core/ns.h lib/out/tool.h
lib/core/ns.h:
lib/out/tool.h:
