/*
 * catalog_db.h - the catalog's handle, shared by the files that keep its
 * tables (catalog.c: imports and figures; catalog_fx.c: effects). Not for
 * the catalog's users: they see catalog.h alone.
 */
#ifndef BD_STORE_CATALOG_DB_H
#define BD_STORE_CATALOG_DB_H

#include <sqlite3.h>

#include "store/csvstore.h"

struct catalog {
	sqlite3 *db;
	struct store *st;
	/* catalog_fx.c's statements, prepared when first used (finalized by catalog_close()) */
	sqlite3_stmt *fx_get, *fx_put, *fx_ident;
};

/* The effects table (catalog_fx.c), made with the others (catalog.c's schema). */
#define CATALOG_EFFECTS_SCHEMA                                                                     \
	"CREATE TABLE IF NOT EXISTS effects(experiment TEXT NOT NULL, base TEXT NOT NULL,"         \
	" cand TEXT NOT NULL, family INTEGER NOT NULL, stamp TEXT NOT NULL, dir INTEGER,"           \
	" nrows INTEGER, ratio REAL, lo REAL, hi REAL, res REAL, basis INTEGER, verdict INTEGER,"   \
	" tested INTEGER, better INTEGER, worse INTEGER, same INTEGER,"                             \
	" PRIMARY KEY (experiment, base, cand, family));"

#endif
