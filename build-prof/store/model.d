build-prof/store/model.o: store/model.c store/model.h parsers/recset.h \
 parsers/record.h util/arena.h util/util.h util/hash.h util/strmap.h \
 parsers/label.h parsers/rx.h util/diag.h util/buf.h util/fsutil.h
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
parsers/label.h:
parsers/rx.h:
util/diag.h:
util/buf.h:
util/fsutil.h:
