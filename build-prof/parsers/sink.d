build-prof/parsers/sink.o: parsers/sink.c parsers/parser.h \
 parsers/record.h parsers/recset.h parsers/rx.h util/diag.h util/util.h \
 util/arena.h parsers/segment.h util/buf.h util/text.h
parsers/parser.h:
parsers/record.h:
parsers/recset.h:
parsers/rx.h:
util/diag.h:
util/util.h:
util/arena.h:
parsers/segment.h:
util/buf.h:
util/text.h:
