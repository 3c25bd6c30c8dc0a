ALTER TABLE "voucher_redemptions" DROP CONSTRAINT "voucher_redemptions_voucher_id_id_pelanggan_pk";--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "use_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_id_pelanggan_use_number_pk" PRIMARY KEY("voucher_id","id_pelanggan","use_number");--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "per_customer_limit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "brands" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "categories" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "products" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_per_customer" CHECK ("vouchers"."per_customer_limit" >= 1);