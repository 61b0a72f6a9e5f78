build-prof/parsers/hyperfine.o: parsers/hyperfine.c parsers/cmdsplit.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h \
 parsers/parser.h parsers/rx.h util/diag.h parsers/units.h util/text.h \
 util/buf.h
parsers/cmdsplit.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
parsers/parser.h:
parsers/rx.h:
util/diag.h:
parsers/units.h:
util/text.h:
util/buf.h:
