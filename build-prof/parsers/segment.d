build-prof/parsers/segment.o: parsers/segment.c parsers/segment.h \
 parsers/parser.h parsers/record.h parsers/recset.h parsers/rx.h \
 util/diag.h util/util.h util/arena.h parsers/label.h util/buf.h \
 parsers/prose.h
parsers/segment.h:
parsers/parser.h:
parsers/record.h:
parsers/recset.h:
parsers/rx.h:
util/diag.h:
util/util.h:
util/arena.h:
parsers/label.h:
util/buf.h:
parsers/prose.h:
