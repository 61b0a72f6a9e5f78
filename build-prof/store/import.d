build-prof/store/import.o: store/import.c store/import.h store/model.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h util/hash.h \
 util/strmap.h util/diag.h parsers/cmdsplit.h parsers/legend.h \
 parsers/names.h util/buf.h parsers/parser.h parsers/rx.h \
 parsers/segment.h store/naming.h util/fsutil.h
store/import.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
util/diag.h:
parsers/cmdsplit.h:
parsers/legend.h:
parsers/names.h:
util/buf.h:
parsers/parser.h:
parsers/rx.h:
parsers/segment.h:
store/naming.h:
util/fsutil.h:
