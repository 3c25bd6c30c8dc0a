DROP INDEX "customers_email_uq";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "temp_password_hash" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "temp_password_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_verified_uq" ON "customers" USING btree ("email") WHERE "customers"."is_verified";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_pending_uq" ON "customers" USING btree ("email") WHERE not "customers"."is_verified";