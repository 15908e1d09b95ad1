-- Accent- and case-insensitive search over people (issue 12): unaccent folds "Košice" to "Kosice",
-- pg_trgm indexes a search anywhere in the text. Both ship with PostgreSQL's contrib and PGlite.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() depends on a search path and so is only STABLE; naming its dictionary makes this
-- wrapper safe to declare IMMUTABLE, which a generated column and an index require.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(first_name || ' ' || last_name || ' ' || email || ' ' || phone)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (search_fold("last_name"),search_fold("first_name"),"id");