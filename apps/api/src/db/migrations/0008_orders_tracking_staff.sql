CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_sales_header" varchar(36) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"actor" varchar(300) NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_sales_line" integer NOT NULL,
	"id_sales_header" varchar(36) NOT NULL,
	"id_pelanggan" integer NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'OPEN' NOT NULL,
	"rating" integer,
	"review" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "product_reviews_id_sales_line_unique" UNIQUE("id_sales_line"),
	CONSTRAINT "product_reviews_status" CHECK ("product_reviews"."status" in ('OPEN', 'PUBLISHED')),
	CONSTRAINT "product_reviews_rating" CHECK ("product_reviews"."rating" is null or "product_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" text NOT NULL,
	"role" varchar(16) NOT NULL,
	"password_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "staff_accounts_role" CHECK ("staff_accounts"."role" in ('owner', 'merchandiser', 'warehouse', 'marketing', 'support'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sales_headers" ADD COLUMN "shipped_courier" varchar(32);--> statement-breakpoint
ALTER TABLE "sales_headers" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_headers" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_headers" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "sales_headers" ADD COLUMN "refund_state" varchar(16);--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_id_sales_line_sales_lines_id_fk" FOREIGN KEY ("id_sales_line") REFERENCES "public"."sales_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("id_sales_header","id");--> statement-breakpoint
CREATE INDEX "product_reviews_customer_idx" ON "product_reviews" USING btree ("id_pelanggan","status");--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_code","status");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_headers_no_resi_uq" ON "sales_headers" USING btree ("no_resi") WHERE "sales_headers"."no_resi" is not null;--> statement-breakpoint
CREATE INDEX "sales_headers_delivery_idx" ON "sales_headers" USING btree ("shipped_at") WHERE "sales_headers"."status" = 'Delivery';--> statement-breakpoint
ALTER TABLE "sales_headers" ADD CONSTRAINT "sales_headers_refund_state" CHECK ("sales_headers"."refund_state" is null or "sales_headers"."refund_state" in ('due', 'refunded'));--> statement-breakpoint
-- Orders placed before events were kept get theirs from the times the order already holds.
INSERT INTO "order_events" ("id_sales_header", "from_status", "to_status", "actor", "at")
SELECT "id_sales_header", NULL, 'Open', 'customer', "order_date" FROM "sales_headers";--> statement-breakpoint
INSERT INTO "order_events" ("id_sales_header", "from_status", "to_status", "actor", "at")
SELECT "id_sales_header", 'Open', 'Paid', 'payment', "paid_at" FROM "sales_headers" WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("id_sales_header", "from_status", "to_status", "actor", "at")
SELECT "id_sales_header", 'Open', 'Cancel', 'system', "cancelled_at" FROM "sales_headers" WHERE "cancelled_at" IS NOT NULL;
