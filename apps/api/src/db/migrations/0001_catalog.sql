CREATE TABLE "brands" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(64) NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "bundle_options" (
	"product_code" varchar(64) NOT NULL,
	"slot" integer NOT NULL,
	"option_code" varchar(64) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_options_product_code_slot_option_code_pk" PRIMARY KEY("product_code","slot","option_code")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_brand" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"title" text NOT NULL,
	"is_child" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"url_image" text DEFAULT '' NOT NULL,
	"in_grid" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"img1" text DEFAULT '' NOT NULL,
	"img2" text DEFAULT '' NOT NULL,
	"img3" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_sliders" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_brand" integer NOT NULL,
	"is_child" boolean DEFAULT false NOT NULL,
	"link_brand" integer NOT NULL,
	"category_name" varchar(120) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url_image" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_brand" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"category_name" varchar(120) DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_child" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"category_id" integer NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"segment_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_category_id_product_code_pk" PRIMARY KEY("category_id","product_code")
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"type" varchar(8) NOT NULL,
	"url" text NOT NULL,
	"src" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_code" varchar(64) PRIMARY KEY NOT NULL,
	"id_brand" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_name_alt" text DEFAULT '' NOT NULL,
	"canonical_product_code" varchar(64),
	"canonical_product_master_name" text,
	"description" text DEFAULT '' NOT NULL,
	"description_without_tags" text DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'available' NOT NULL,
	"product_lable" varchar(32) DEFAULT '' NOT NULL,
	"category_menu" varchar(32) DEFAULT '' NOT NULL,
	"start_price" integer DEFAULT 0 NOT NULL,
	"end_price" integer DEFAULT 0 NOT NULL,
	"selling_price" integer NOT NULL,
	"harga_coret" varchar(32) DEFAULT '0' NOT NULL,
	"sold_qty" integer DEFAULT 0 NOT NULL,
	"is_bundling" boolean DEFAULT false NOT NULL,
	"countdown" boolean DEFAULT false NOT NULL,
	"end_at" timestamp with time zone,
	"judul_related" text DEFAULT '' NOT NULL,
	"thumbnail" varchar(16) DEFAULT 'NORMAL' NOT NULL,
	"slide_option" varchar(16) DEFAULT 'HORIZONTAL' NOT NULL,
	"max_bundling" integer DEFAULT 0 NOT NULL,
	"limit_qty_bundling" integer DEFAULT 0 NOT NULL,
	"is_child" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "related_products" (
	"product_code" varchar(64) NOT NULL,
	"related_code" varchar(64) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "related_products_product_code_related_code_pk" PRIMARY KEY("product_code","related_code")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id_brand" integer PRIMARY KEY NOT NULL,
	"background_color" varchar(16) DEFAULT '#1f1a17' NOT NULL,
	"whatsapp" varchar(20) DEFAULT '' NOT NULL,
	"sidebar" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_brand" integer NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"logo" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"sku_product" varchar(80) PRIMARY KEY NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"ukuran" varchar(32) NOT NULL,
	"selling_price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bundle_options" ADD CONSTRAINT "bundle_options_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_options" ADD CONSTRAINT "bundle_options_option_code_products_product_code_fk" FOREIGN KEY ("option_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_id_brand_brands_id_fk" FOREIGN KEY ("id_brand") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_segments" ADD CONSTRAINT "category_segments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_sliders" ADD CONSTRAINT "home_sliders_id_brand_brands_id_fk" FOREIGN KEY ("id_brand") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_id_brand_brands_id_fk" FOREIGN KEY ("id_brand") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_segment_id_category_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."category_segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_id_brand_brands_id_fk" FOREIGN KEY ("id_brand") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_related_code_products_product_code_fk" FOREIGN KEY ("related_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_id_brand_brands_id_fk" FOREIGN KEY ("id_brand") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_media" ADD CONSTRAINT "social_media_id_brand_brands_id_fk" FOREIGN KEY ("id_brand") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_brand_name_uq" ON "categories" USING btree ("id_brand","name");--> statement-breakpoint
CREATE INDEX "category_segments_category_idx" ON "category_segments" USING btree ("category_id","priority");--> statement-breakpoint
CREATE INDEX "home_sliders_brand_idx" ON "home_sliders" USING btree ("id_brand","is_child","priority");--> statement-breakpoint
CREATE INDEX "menus_brand_idx" ON "menus" USING btree ("id_brand","is_child","priority");--> statement-breakpoint
CREATE INDEX "product_categories_order_idx" ON "product_categories" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "product_media_product_idx" ON "product_media" USING btree ("product_code","position");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("id_brand");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_alt_trgm_idx" ON "products" USING gin ("product_name_alt" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_fts_idx" ON "products" USING gin (to_tsvector('simple', "product_name" || ' ' || "product_name_alt" || ' ' || "description_without_tags"));--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "variants" USING btree ("product_code","position");