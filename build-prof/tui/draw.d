build-prof/tui/draw.o: tui/draw.c tui/draw.h tui/color.h util/buf.h \
 util/util.h util/text.h
tui/draw.h:
tui/color.h:
util/buf.h:
util/util.h:
util/text.h:
