CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_sales_header" varchar(36) NOT NULL,
	"refund_key" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"provider" varchar(16) NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"reference" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_refund_key_unique" UNIQUE("refund_key"),
	CONSTRAINT "payment_refunds_state" CHECK ("payment_refunds"."state" in ('pending', 'done', 'failed')),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_holds" (
	"hold_key" varchar(80) PRIMARY KEY NOT NULL,
	"sku_product" varchar(80) NOT NULL,
	"id_warehouse" integer NOT NULL,
	"units" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_holds_units" CHECK ("stock_holds"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_return" integer NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"actor" varchar(300) NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_return" integer NOT NULL,
	"id_sales_line" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sku_product" varchar(80) NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"product_master_name" text NOT NULL,
	"ukuran" varchar(32) NOT NULL,
	"url_image" text DEFAULT '' NOT NULL,
	"qty" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"exchange_sku" varchar(80),
	"exchange_ukuran" varchar(32),
	"accepted_qty" integer,
	"not_accepted_reason" text,
	"id_warehouse" integer,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_lines_qty" CHECK ("return_lines"."qty" > 0 and ("return_lines"."accepted_qty" is null or "return_lines"."accepted_qty" between 0 and "return_lines"."qty")),
	CONSTRAINT "return_lines_reason" CHECK ("return_lines"."reason" in ('TOO_SMALL', 'TOO_BIG', 'DEFECT', 'WRONG_ITEM', 'NOT_AS_PICTURED', 'CHANGED_MIND')),
	CONSTRAINT "return_lines_refund" CHECK ("return_lines"."refund_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"id_return" integer NOT NULL,
	"position" smallint NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage" varchar(16) DEFAULT 'database' NOT NULL,
	"bytes" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_photos_position" CHECK ("return_photos"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "return_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"window_days" integer DEFAULT 7 NOT NULL,
	"ship_to_name" text NOT NULL,
	"ship_to_phone" varchar(20) NOT NULL,
	"ship_to_address" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_settings_one" CHECK ("return_settings"."id" = 1),
	CONSTRAINT "return_settings_window" CHECK ("return_settings"."window_days" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_number" varchar(32) NOT NULL,
	"id_sales_header" varchar(36) NOT NULL,
	"id_pelanggan" integer NOT NULL,
	"sales_order_number" varchar(32) NOT NULL,
	"buyer_name" text NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'REQUESTED' NOT NULL,
	"resolution" varchar(8) NOT NULL,
	"note" text,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"refund_account" jsonb,
	"reject_reason" text,
	"buyer_courier" varchar(32),
	"buyer_no_resi" varchar(64),
	"buyer_sent_at" timestamp with time zone,
	"exchange_courier" varchar(32),
	"exchange_no_resi" varchar(64),
	"refund_method" varchar(16),
	"refund_amount" integer,
	"delivery_fee_refund" integer DEFAULT 0 NOT NULL,
	"refund_state" varchar(8),
	"refund_reference" text,
	"refund_error" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_return_number_unique" UNIQUE("return_number"),
	CONSTRAINT "returns_status" CHECK ("returns"."status" in ('REQUESTED', 'APPROVED', 'REJECTED', 'RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED', 'CLOSED', 'CANCELLED')),
	CONSTRAINT "returns_resolution" CHECK ("returns"."resolution" in ('REFUND', 'EXCHANGE')),
	CONSTRAINT "returns_refund_method" CHECK ("returns"."refund_method" is null or "returns"."refund_method" in ('PROVIDER', 'BANK_TRANSFER')),
	CONSTRAINT "returns_refund_state" CHECK ("returns"."refund_state" is null or "returns"."refund_state" in ('pending', 'failed', 'done')),
	CONSTRAINT "returns_amounts" CHECK (coalesce("returns"."refund_amount", 0) >= 0 and "returns"."delivery_fee_refund" >= 0)
);
--> statement-breakpoint
DROP INDEX "order_updates_once_uq";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "final_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD COLUMN "not_for_sale" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_updates" ADD COLUMN "ref" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_id_return_returns_id_fk" FOREIGN KEY ("id_return") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_id_return_returns_id_fk" FOREIGN KEY ("id_return") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_id_return_returns_id_fk" FOREIGN KEY ("id_return") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("id_sales_header");--> statement-breakpoint
CREATE INDEX "stock_holds_sku_idx" ON "stock_holds" USING btree ("sku_product","id_warehouse");--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("id_return","at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_line_uq" ON "return_lines" USING btree ("id_return","id_sales_line");--> statement-breakpoint
CREATE INDEX "return_lines_sales_line_idx" ON "return_lines" USING btree ("id_sales_line");--> statement-breakpoint
CREATE INDEX "return_photos_return_idx" ON "return_photos" USING btree ("id_return","position");--> statement-breakpoint
CREATE INDEX "returns_customer_idx" ON "returns" USING btree ("id_pelanggan","created_at");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("id_sales_header");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_exchange_resi_uq" ON "returns" USING btree ("exchange_no_resi") WHERE "returns"."exchange_no_resi" is not null;--> statement-breakpoint
CREATE INDEX "sales_headers_delivered_idx" ON "sales_headers" USING btree ("delivered_at") WHERE "sales_headers"."delivered_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_updates_once_uq" ON "order_updates" USING btree ("id_sales_header","moment","channel","ref") WHERE "order_updates"."resend_of" is null;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_not_for_sale" CHECK ("stock_levels"."not_for_sale" >= 0);--> statement-breakpoint
-- The shop's return rules (issue 40): 7 days after delivery, parcels back to the selling warehouse.
INSERT INTO "return_settings" ("id", "window_days", "ship_to_name", "ship_to_phone", "ship_to_address", "instructions")
VALUES (1, 7, 'Busana Returns, Gudang Jakarta', '0215550100',
	'Jl. Gudang Busana No. 1, Gambir, Jakarta Pusat, DKI Jakarta 10110',
	'Pack the pieces with their tags on and write the return number on the parcel.')
ON CONFLICT ("id") DO NOTHING;
