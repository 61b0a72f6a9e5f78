build-prof/tui/keys.o: tui/keys.c tui/keys.h
tui/keys.h:
