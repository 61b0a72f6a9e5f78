build-prof/util/text.o: util/text.c util/text.h util/buf.h util/util.h
util/text.h:
util/buf.h:
util/util.h:
