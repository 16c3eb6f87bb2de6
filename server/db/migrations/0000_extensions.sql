-- Custom migration: extensions Drizzle cannot declare. pg_trgm backs the trigram GIN
-- indexes of the list searches; btree_gin lets one GIN index hold an integer column
-- beside title trigrams (tracks_genre_title_trgm).
create extension if not exists pg_trgm;--> statement-breakpoint
create extension if not exists btree_gin;
