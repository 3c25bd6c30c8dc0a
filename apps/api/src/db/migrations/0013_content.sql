CREATE TABLE "faq_categories" (
	"category_code" varchar(120) PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"name_en" text NOT NULL,
	"name_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"slug" varchar(120) PRIMARY KEY NOT NULL,
	"category_code" varchar(120) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name_en" text NOT NULL,
	"name_id" text NOT NULL,
	"konten_en" text NOT NULL,
	"konten_id" text NOT NULL,
	CONSTRAINT "faq_items_category_code_faq_categories_category_code_fk" FOREIGN KEY ("category_code") REFERENCES "faq_categories"("category_code") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "faq_items_category_idx" ON "faq_items" USING btree ("category_code","position");
--> statement-breakpoint
CREATE TABLE "articles" (
	"slug" varchar(120) PRIMARY KEY NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"judul_en" text NOT NULL,
	"judul_id" text NOT NULL,
	"konten_en" text NOT NULL,
	"konten_id" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at");
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" varchar(120) PRIMARY KEY NOT NULL,
	"judul_en" text NOT NULL,
	"judul_id" text NOT NULL,
	"konten_en" text NOT NULL,
	"konten_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_brand" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"whatsapp" varchar(32) DEFAULT '' NOT NULL,
	"map_embed" text DEFAULT '' NOT NULL,
	CONSTRAINT "stores_id_brand_brands_id_fk" FOREIGN KEY ("id_brand") REFERENCES "brands"("id")
);
--> statement-breakpoint
CREATE INDEX "stores_brand_idx" ON "stores" USING btree ("id_brand","position");
