CREATE TABLE "estimate_rates" (
	"city" text PRIMARY KEY NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"bedroom_material_cents" integer NOT NULL,
	"bedroom_labor_cents" integer NOT NULL,
	"living_room_material_cents" integer NOT NULL,
	"living_room_labor_cents" integer NOT NULL,
	"bathroom_material_cents" integer NOT NULL,
	"bathroom_labor_cents" integer NOT NULL,
	"soft_per_bedroom_cents" integer NOT NULL,
	"soft_per_living_room_cents" integer NOT NULL,
	"appliance_base_cents" integer NOT NULL,
	"appliance_per_bathroom_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone,
	"state" text DEFAULT 'new' NOT NULL,
	"submissions" integer DEFAULT 1 NOT NULL,
	"ip_hash" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "served_owners_base" integer DEFAULT 12800 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_outbox" ADD CONSTRAINT "lead_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_outbox_due_idx" ON "lead_outbox" USING btree ("next_attempt_at") WHERE "lead_outbox"."delivered_at" is null and "lead_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "lead_outbox_lead_id_index" ON "lead_outbox" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_phone_kind_created_at_index" ON "leads" USING btree ("phone","kind","created_at");--> statement-breakpoint
CREATE INDEX "leads_kind_created_at_index" ON "leads" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_at_index" ON "leads" USING btree ("created_at");--> statement-breakpoint
-- The estimate's default amounts (ADR 0019) for every city without its own row; the demo seed writes the same row.
INSERT INTO "estimate_rates" ("city", "province", "bedroom_material_cents", "bedroom_labor_cents", "living_room_material_cents", "living_room_labor_cents", "bathroom_material_cents", "bathroom_labor_cents", "soft_per_bedroom_cents", "soft_per_living_room_cents", "appliance_base_cents", "appliance_per_bathroom_cents") VALUES ('*', '', 300000, 80000, 400000, 120000, 600000, 200000, 500000, 800000, 1200000, 250000) ON CONFLICT DO NOTHING;
