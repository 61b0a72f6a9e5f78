build-prof/util/arena.o: util/arena.c util/arena.h util/util.h util/buf.h
util/arena.h:
util/util.h:
util/buf.h:
