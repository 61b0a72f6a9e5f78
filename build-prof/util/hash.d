build-prof/util/hash.o: util/hash.c util/hash.h
util/hash.h:
