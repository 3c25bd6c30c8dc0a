-- Issue 14, the staff catalogue: drafts and uploaded product pictures. Hand-written (no snapshot):
-- the snapshot is regenerated once every back office migration is merged.
-- A product with published_at null is a draft, invisible to shoppers. Every product already there
-- is published (the default fills existing rows with the time of the migration).
ALTER TABLE "products" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE TABLE "product_images" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"webp" bytea NOT NULL,
	"avif" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_code");
