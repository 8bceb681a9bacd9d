-- The catalogue search's document stored beside the name and description it is worked out from, so a search
-- ranks and counts its matches without working each one's out again; and both search indexes made again without a
-- pending list, which only a vacuum empties and the embedded database never vacuums
-- (docs/PERFORMANCE.md, 'Search and overview on the embedded database'). Adding the column rewrites the table once.
DROP INDEX "products_search";--> statement-breakpoint
DROP INDEX "products_name_trigrams";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "products"."name"), 'A') || setweight(to_tsvector('english', "products"."description"), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search" ON "products" USING gin ("search_document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_name_trigrams" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);