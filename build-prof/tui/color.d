build-prof/tui/color.o: tui/color.c tui/color.h
tui/color.h:
