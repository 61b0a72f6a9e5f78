build-prof/store/csvstore.o: store/csvstore.c store/csvstore.h \
 store/model.h parsers/recset.h parsers/record.h util/arena.h util/util.h \
 util/hash.h util/strmap.h util/diag.h parsers/names.h util/buf.h \
 parsers/units.h util/csvio.h util/fsutil.h
store/csvstore.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
util/diag.h:
parsers/names.h:
util/buf.h:
parsers/units.h:
util/csvio.h:
util/fsutil.h:
