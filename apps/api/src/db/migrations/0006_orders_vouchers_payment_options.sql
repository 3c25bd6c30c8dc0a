CREATE TABLE "checkout_requests" (
	"id_pelanggan" integer NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"id_sales_header" varchar(36) NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_requests_id_pelanggan_idempotency_key_pk" PRIMARY KEY("id_pelanggan","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sales_headers" (
	"id_sales_header" varchar(36) PRIMARY KEY NOT NULL,
	"sales_order_number" varchar(32) NOT NULL,
	"id_pelanggan" integer NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'Open' NOT NULL,
	"id_brand" integer,
	"id_warehouse" integer DEFAULT 1 NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" varchar(254),
	"buyer_phone" varchar(20) NOT NULL,
	"subtotal" integer NOT NULL,
	"biaya_kirim" integer NOT NULL,
	"packing_fee" integer NOT NULL,
	"payment_fee" integer NOT NULL,
	"promo_value" integer DEFAULT 0 NOT NULL,
	"total_bayar" integer NOT NULL,
	"id_delivery_method" integer NOT NULL,
	"paket" text NOT NULL,
	"courier_code" varchar(32) NOT NULL,
	"etd_min" integer NOT NULL,
	"etd_max" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"penerima" text NOT NULL,
	"hp_penerima" varchar(20) NOT NULL,
	"alamat_lengkap" text NOT NULL,
	"destination_code" varchar(8) NOT NULL,
	"id_address_village" varchar(13),
	"subdistrict" text NOT NULL,
	"district" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"kode_pos" varchar(5) NOT NULL,
	"id_payment" integer NOT NULL,
	"payment_name" text NOT NULL,
	"payment_code" varchar(32) NOT NULL,
	"payment_category" varchar(16) NOT NULL,
	"payment_logo" text NOT NULL,
	"id_promo" integer,
	"kode_promo" varchar(32),
	"no_resi" varchar(64),
	"order_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_time" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_headers_sales_order_number_unique" UNIQUE("sales_order_number"),
	CONSTRAINT "sales_headers_status" CHECK ("sales_headers"."status" in ('Open', 'Paid', 'Delivery', 'Success', 'Cancel')),
	CONSTRAINT "sales_headers_amounts" CHECK ("sales_headers"."subtotal" >= 0 and "sales_headers"."biaya_kirim" >= 0 and "sales_headers"."packing_fee" >= 0 and "sales_headers"."payment_fee" >= 0 and "sales_headers"."promo_value" >= 0 and "sales_headers"."total_bayar" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_line_components" (
	"id_sales_line" integer NOT NULL,
	"sku_product" varchar(80) NOT NULL,
	"product_master_name" text NOT NULL,
	"ukuran" varchar(32) NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "sales_line_components_id_sales_line_sku_product_pk" PRIMARY KEY("id_sales_line","sku_product")
);
--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_sales_header" varchar(36) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"sku_product" varchar(80) NOT NULL,
	"product_master_name" text NOT NULL,
	"ukuran" varchar(32) NOT NULL,
	"id_brand" integer NOT NULL,
	"quantity" integer NOT NULL,
	"harga_jual" integer NOT NULL,
	"url_image" text DEFAULT '' NOT NULL,
	"is_bundling" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sales_lines_quantity" CHECK ("sales_lines"."quantity" > 0 and "sales_lines"."harga_jual" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"voucher_id" integer NOT NULL,
	"id_pelanggan" integer NOT NULL,
	"id_sales_header" varchar(36) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_redemptions_voucher_id_id_pelanggan_pk" PRIMARY KEY("voucher_id","id_pelanggan")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"type" varchar(16) NOT NULL,
	"value" integer NOT NULL,
	"max_discount" integer,
	"min_purchase" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_type" CHECK ("vouchers"."type" in ('FIXED', 'PERCENTAGE', 'SHIPPING')),
	CONSTRAINT "vouchers_value" CHECK ("vouchers"."value" > 0 and ("vouchers"."type" <> 'PERCENTAGE' or "vouchers"."value" <= 100)),
	CONSTRAINT "vouchers_used" CHECK ("vouchers"."used_count" >= 0 and ("vouchers"."usage_limit" is null or "vouchers"."used_count" <= "vouchers"."usage_limit"))
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "code" varchar(32);--> statement-breakpoint
UPDATE "payment_methods" SET "code" = 'method-' || "id";--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "category" varchar(16) DEFAULT 'VIRTUAL-ACCOUNT' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "deskripsi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "fee_flat" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "fee_percent_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "expiry_minutes" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_requests" ADD CONSTRAINT "checkout_requests_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_requests" ADD CONSTRAINT "checkout_requests_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_headers" ADD CONSTRAINT "sales_headers_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_headers" ADD CONSTRAINT "sales_headers_id_promo_vouchers_id_fk" FOREIGN KEY ("id_promo") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_line_components" ADD CONSTRAINT "sales_line_components_id_sales_line_sales_lines_id_fk" FOREIGN KEY ("id_sales_line") REFERENCES "public"."sales_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_headers_customer_idx" ON "sales_headers" USING btree ("id_pelanggan","order_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_headers_one_open_uq" ON "sales_headers" USING btree ("id_pelanggan") WHERE "sales_headers"."status" = 'Open';--> statement-breakpoint
CREATE INDEX "sales_headers_open_expiry_idx" ON "sales_headers" USING btree ("expired_time") WHERE "sales_headers"."status" = 'Open';--> statement-breakpoint
CREATE INDEX "sales_lines_header_idx" ON "sales_lines" USING btree ("id_sales_header","position");--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_code_unique" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_fees" CHECK ("payment_methods"."fee_flat" >= 0 and "payment_methods"."fee_percent_bp" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_expiry" CHECK ("payment_methods"."expiry_minutes" > 0);