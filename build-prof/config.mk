PKG_CFLAGS := -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 
PKG_LIBS := -lncursesw -ltinfo -lpcre2-8 -ljansson -lxxhash -lgsl -lgslcblas -lm  -lcsv -lm
TEST_CFLAGS := 
TEST_LIBS := -lcmocka 
