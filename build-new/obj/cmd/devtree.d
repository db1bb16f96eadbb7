build-new/obj/cmd/devtree.o: cmd/devtree.c lib/core/ns.h lib/out/tool.h
lib/core/ns.h:
lib/out/tool.h:
