build-prof/tui/list.o: tui/list.c tui/list.h tui/keys.h
tui/list.h:
tui/keys.h:
