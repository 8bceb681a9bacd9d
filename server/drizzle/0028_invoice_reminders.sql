CREATE TABLE "invoice_reminders" (
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"sent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_order_id_step_pk" PRIMARY KEY("order_id","step"),
	CONSTRAINT "invoice_reminders_step" CHECK ("invoice_reminders"."step" in ('before-due', 'due', 'overdue-7', 'overdue-30'))
);
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;