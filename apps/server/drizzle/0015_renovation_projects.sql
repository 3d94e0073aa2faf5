CREATE TABLE "project_change_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"items" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"photo_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" integer,
	"contract_before_cents" bigint,
	"contract_after_cents" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"percent" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'locked' NOT NULL,
	"payable_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "project_instalments_amount_nonnegative" CHECK ("project_instalments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_stage_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"photo_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_id" integer,
	"customer_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"planned_start_date" date,
	"planned_finish_date" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inspected_by" integer,
	"inspected_at" timestamp with time zone,
	"inspection_passed" boolean,
	"acceptance_requested_at" timestamp with time zone,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"version" integer NOT NULL,
	"contract_cents" bigint NOT NULL,
	"instalments" jsonb NOT NULL,
	"change_order_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"owner_phone" text NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"city" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"area_sqm" integer NOT NULL,
	"layout" text DEFAULT '' NOT NULL,
	"package_text" text DEFAULT '' NOT NULL,
	"contract_cents" bigint NOT NULL,
	"contract_version" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"planned_finish_date" date NOT NULL,
	"delay_compensation_cents_per_day" integer DEFAULT 0 NOT NULL,
	"designer_id" integer,
	"manager_id" integer,
	"inspector_id" integer,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "projects_contract_cents_nonnegative" CHECK ("projects"."contract_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_change_orders" ADD CONSTRAINT "project_change_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_change_orders" ADD CONSTRAINT "project_change_orders_proposed_by_staff_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_instalments" ADD CONSTRAINT "project_instalments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_instalments" ADD CONSTRAINT "project_instalments_stage_id_project_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."project_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stage_records" ADD CONSTRAINT "project_stage_records_stage_id_project_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."project_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stage_records" ADD CONSTRAINT "project_stage_records_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stage_records" ADD CONSTRAINT "project_stage_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stages" ADD CONSTRAINT "project_stages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stages" ADD CONSTRAINT "project_stages_inspected_by_staff_id_fk" FOREIGN KEY ("inspected_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_change_order_id_project_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."project_change_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_designer_id_staff_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_manager_id_staff_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_inspector_id_staff_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_change_orders_project_id_created_at_index" ON "project_change_orders" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_instalments_project_id_position_index" ON "project_instalments" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "project_instalments_stage_id_index" ON "project_instalments" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "project_stage_records_stage_id_created_at_index" ON "project_stage_records" USING btree ("stage_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_stages_project_id_position_index" ON "project_stages" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "project_versions_project_id_version_index" ON "project_versions" USING btree ("project_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_lead_id_index" ON "projects" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "projects_owner_phone_index" ON "projects" USING btree ("owner_phone");--> statement-breakpoint
CREATE INDEX "projects_customer_id_index" ON "projects" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "projects_manager_id_index" ON "projects" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "projects_status_planned_finish_date_index" ON "projects" USING btree ("status","planned_finish_date");