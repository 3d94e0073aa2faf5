CREATE TABLE "after_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by_staff_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"refund_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_differences" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"provider" text NOT NULL,
	"bill_date" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"out_refund_no" text DEFAULT '' NOT NULL,
	"our_amount_cents" bigint,
	"their_amount_cents" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_staff_id" integer,
	"resolution_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"bill_date" text NOT NULL,
	"status" text NOT NULL,
	"trade_count" integer DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"difference_count" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"out_refund_no" text NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer,
	"after_sale_id" integer,
	"provider" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"origin" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by_staff_id" integer,
	"decided_at" timestamp with time zone,
	"provider_refund_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	"confirmation" jsonb,
	CONSTRAINT "refunds_outRefundNo_unique" UNIQUE("out_refund_no"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "made_to_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "made_to_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "made_to_order_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "channel" text DEFAULT 'qr' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "deposit_refund_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_resolved_by_staff_id_staff_id_fk" FOREIGN KEY ("resolved_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sales_order_id_index" ON "after_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "after_sales_customer_id_created_at_index" ON "after_sales" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sales_open_idx" ON "after_sales" USING btree ("created_at") WHERE "after_sales"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "payment_events_payment_id_index" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_events_refund_id_index" ON "payment_events" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_differences_provider_bill_date_kind_subject_out_trade_no_out_refund_no_index" ON "reconciliation_differences" USING btree ("provider","bill_date","kind","subject","out_trade_no","out_refund_no");--> statement-breakpoint
CREATE INDEX "reconciliation_open_idx" ON "reconciliation_differences" USING btree ("created_at") WHERE "reconciliation_differences"."resolved_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_provider_bill_date_index" ON "reconciliation_runs" USING btree ("provider","bill_date");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_index" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_id_index" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_open_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."status" IN ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "refunds_processing_idx" ON "refunds" USING btree ("sent_at") WHERE "refunds"."status" = 'processing';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."refunded_cents" >= 0 AND "payments"."refunded_cents" <= "payments"."amount_cents");