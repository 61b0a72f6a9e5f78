build-prof/parsers/cmdsplit.o: parsers/cmdsplit.c parsers/cmdsplit.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h util/buf.h
parsers/cmdsplit.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/buf.h:
