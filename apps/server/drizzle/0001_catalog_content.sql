CREATE TABLE "article_tags" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"cover" text NOT NULL,
	"content" jsonb NOT NULL,
	"tag_id" integer,
	"author" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"style" text,
	"layout" text,
	"area_m_2" integer,
	"budget_cents" integer,
	"city" text,
	"designer" text
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"province" text,
	"city" text,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"link" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"category1" integer NOT NULL,
	"category2" integer NOT NULL,
	"category3" integer,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"brand" text NOT NULL,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer NOT NULL,
	"unit" text DEFAULT '件' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_show" smallint DEFAULT 1 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_package" boolean DEFAULT false NOT NULL,
	"package_price_mode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"spec" text NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_tags" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"goods_id" integer,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"hotline" text NOT NULL,
	"head_office_address" text NOT NULL,
	"icp_number" text NOT NULL,
	"covered_cities" integer NOT NULL,
	"default_province" text NOT NULL,
	"default_city" text NOT NULL,
	"service_hours" text NOT NULL,
	"service_email" text NOT NULL,
	"wechat" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"hours" text NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"image" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"content" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_skus" ADD CONSTRAINT "goods_skus_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_package_id_goods_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_type_published_at_index" ON "articles" USING btree ("type","published_at");--> statement-breakpoint
CREATE INDEX "articles_tag_id_index" ON "articles" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "banners_city_index" ON "banners" USING btree ("city");--> statement-breakpoint
CREATE INDEX "goods_category2_status_is_show_index" ON "goods" USING btree ("category2","status","is_show");--> statement-breakpoint
CREATE INDEX "goods_category3_index" ON "goods" USING btree ("category3");--> statement-breakpoint
CREATE INDEX "goods_name_trgm_idx" ON "goods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_categories_parent_id_index" ON "goods_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "goods_skus_goods_id_index" ON "goods_skus" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "package_items_package_id_index" ON "package_items" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "stores_city_index" ON "stores" USING btree ("city");--> statement-breakpoint
CREATE INDEX "website_configs_type_index" ON "website_configs" USING btree ("type");