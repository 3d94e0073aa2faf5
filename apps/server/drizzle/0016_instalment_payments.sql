ALTER TABLE "payments" ADD COLUMN "instalment_id" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_instalment_id_project_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."project_instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_instalment_id_index" ON "payments" USING btree ("instalment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_instalment_purpose" CHECK (("payments"."purpose" = 'instalment') = ("payments"."instalment_id" IS NOT NULL));