-- Decision 046, object storage for uploads: a picture's bytes may live in a bucket (STORAGE=s3),
-- the row keeping its key and metadata. Additive only, so the running version keeps working during
-- a rolling restart: the new column has a constant default (no table rewrite) that describes every
-- row the previous version writes, and dropping NOT NULL only relaxes what an insert must carry.
ALTER TABLE "product_images" ALTER COLUMN "webp" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "avif" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "review_photos" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "storage" varchar(16) DEFAULT 'database' NOT NULL;--> statement-breakpoint
ALTER TABLE "review_photos" ADD COLUMN "storage" varchar(16) DEFAULT 'database' NOT NULL;