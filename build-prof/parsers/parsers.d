build-prof/parsers/parsers.o: parsers/parsers.c parsers/label.h \
 parsers/rx.h util/diag.h util/util.h util/buf.h parsers/parser.h \
 parsers/record.h parsers/recset.h util/arena.h parsers/prose.h
parsers/label.h:
parsers/rx.h:
util/diag.h:
util/util.h:
util/buf.h:
parsers/parser.h:
parsers/record.h:
parsers/recset.h:
util/arena.h:
parsers/prose.h:
