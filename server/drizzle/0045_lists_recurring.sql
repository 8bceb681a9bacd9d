CREATE TABLE "saved_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_email" text NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"run_on" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"order_id" uuid,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "recurring_runs_once" UNIQUE("schedule_id","run_on"),
	CONSTRAINT "recurring_runs_status" CHECK ("recurring_runs"."status" in ('due', 'placed', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "recurring_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_email" text NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"list_id" uuid,
	"source_order_id" uuid,
	"lines" jsonb,
	"every_weeks" integer,
	"every_months" integer,
	"day_of_month" integer,
	"starts_on" date NOT NULL,
	"next_run_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text DEFAULT 'card' NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"address_id" uuid,
	"po_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_schedules_status" CHECK ("recurring_schedules"."status" in ('active', 'paused', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_schedule_id_recurring_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_lists_by_owner" ON "saved_lists" USING btree ("user_email");--> statement-breakpoint
CREATE INDEX "saved_lists_by_company" ON "saved_lists" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "recurring_runs_due" ON "recurring_runs" USING btree ("run_on") WHERE "recurring_runs"."status" = 'due';--> statement-breakpoint
CREATE INDEX "recurring_runs_by_order" ON "recurring_runs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "recurring_schedules_by_owner" ON "recurring_schedules" USING btree ("user_email");--> statement-breakpoint
CREATE INDEX "recurring_schedules_by_company" ON "recurring_schedules" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "recurring_schedules_due" ON "recurring_schedules" USING btree ("next_run_on") WHERE "recurring_schedules"."status" = 'active';