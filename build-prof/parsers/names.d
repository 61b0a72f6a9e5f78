build-prof/parsers/names.o: parsers/names.c parsers/names.h \
 parsers/record.h util/buf.h util/util.h
parsers/names.h:
parsers/record.h:
util/buf.h:
util/util.h:
