CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_key" text NOT NULL,
	"customer_id" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"assignee_id" integer,
	"page" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"lead_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"client_id" text NOT NULL,
	"sender" text NOT NULL,
	"staff_id" integer,
	"staff_name" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"picture" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assignee_id_staff_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_visitor_key_created_at_index" ON "chat_conversations" USING btree ("visitor_key","created_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_customer_id_created_at_index" ON "chat_conversations" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_status_updated_at_index" ON "chat_conversations" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_assignee_id_status_index" ON "chat_conversations" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_id_seq_index" ON "chat_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_id_client_id_index" ON "chat_messages" USING btree ("conversation_id","client_id");