build-prof/parsers/recset.o: parsers/recset.c parsers/recset.h \
 parsers/record.h util/util.h
parsers/recset.h:
parsers/record.h:
util/util.h:
