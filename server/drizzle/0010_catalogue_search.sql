-- The name index's gin_trgm_ops and the search's word similarity come with pg_trgm (trusted: the app's own
-- database owner may create it; PGlite loads its code in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_search" ON "products" USING gin ((setweight(to_tsvector('english', "name"), 'A') || setweight(to_tsvector('english', "description"), 'B')));--> statement-breakpoint
CREATE INDEX "products_name_trigrams" ON "products" USING gin ("name" gin_trgm_ops);