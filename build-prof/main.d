build-prof/main.o: main.c cli/cli.h
cli/cli.h:
