build-prof/store/compare.o: store/compare.c store/compare.h store/model.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h util/hash.h \
 util/strmap.h parsers/names.h util/buf.h store/compare_judge.h
store/compare.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
parsers/names.h:
util/buf.h:
store/compare_judge.h:
