CREATE TABLE "device_cookies" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_cookies_email" ON "device_cookies" USING btree ("email");