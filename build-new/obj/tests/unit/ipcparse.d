build-new/obj/tests/unit/ipcparse.o: tests/unit/ipcparse.c \
 lib/ipc/ipcparse.h tests/unit/tap.h
lib/ipc/ipcparse.h:
tests/unit/tap.h:
