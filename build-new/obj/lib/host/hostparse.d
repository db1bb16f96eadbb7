build-new/obj/lib/host/hostparse.o: lib/host/hostparse.c \
 lib/host/hostparse.h
lib/host/hostparse.h:
