build-prof/parsers/units.o: parsers/units.c parsers/units.h \
 parsers/record.h util/util.h
parsers/units.h:
parsers/record.h:
util/util.h:
