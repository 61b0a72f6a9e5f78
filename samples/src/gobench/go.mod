module example.com/benchdelta/gobench

go 1.19
