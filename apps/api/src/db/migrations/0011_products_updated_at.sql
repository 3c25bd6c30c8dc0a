ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Products already there last changed, as far as anyone knows, when they were made.
UPDATE "products" SET "updated_at" = "created_at";
