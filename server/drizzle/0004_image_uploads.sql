CREATE TABLE "image_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"uploader_email" text NOT NULL,
	"original_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "image_uploads_by_uploader" ON "image_uploads" USING btree ("uploader_email","created_at");