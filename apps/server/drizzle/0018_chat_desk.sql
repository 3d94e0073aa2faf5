ALTER TABLE "site_settings" ADD COLUMN "chat_greeting" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "chat_canned_replies" jsonb;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "wecom_kf_url" text DEFAULT '' NOT NULL;