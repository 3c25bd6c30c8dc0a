CREATE TABLE "review_photos" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"id_review" integer NOT NULL,
	"position" smallint NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_photos_position" CHECK ("review_photos"."position" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_id_review_product_reviews_id_fk" FOREIGN KEY ("id_review") REFERENCES "public"."product_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("id_review","position");--> statement-breakpoint
-- The product page reads a product's published reviews, newest first.
CREATE INDEX "product_reviews_published_idx" ON "product_reviews" USING btree ("product_code","reviewed_at") WHERE "product_reviews"."status" = 'PUBLISHED';
