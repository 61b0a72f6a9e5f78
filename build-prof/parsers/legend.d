build-prof/parsers/legend.o: parsers/legend.c parsers/legend.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h util/buf.h \
 util/strmap.h
parsers/legend.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/buf.h:
util/strmap.h:
