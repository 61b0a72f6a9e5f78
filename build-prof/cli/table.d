build-prof/cli/table.o: cli/table.c cli/table.h util/buf.h util/util.h \
 util/text.h
cli/table.h:
util/buf.h:
util/util.h:
util/text.h:
