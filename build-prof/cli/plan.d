build-prof/cli/plan.o: cli/plan.c cli/plan.h store/import.h store/model.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h util/hash.h \
 util/strmap.h util/diag.h parsers/names.h util/buf.h util/text.h
cli/plan.h:
store/import.h:
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
util/text.h:
