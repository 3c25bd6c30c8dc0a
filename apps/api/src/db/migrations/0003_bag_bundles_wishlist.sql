CREATE TABLE "cart_line_components" (
	"id_line" integer NOT NULL,
	"sku_product" varchar(80) NOT NULL,
	"qty" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cart_line_components_id_line_sku_product_pk" PRIMARY KEY("id_line","sku_product"),
	CONSTRAINT "cart_line_components_qty_positive" CHECK ("cart_line_components"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id_line" serial PRIMARY KEY NOT NULL,
	"id_pelanggan" integer NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"sku_product" varchar(80) NOT NULL,
	"line_key" text NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_qty_positive" CHECK ("cart_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id_pelanggan" integer NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_id_pelanggan_product_code_pk" PRIMARY KEY("id_pelanggan","product_code")
);
--> statement-breakpoint
ALTER TABLE "cart_line_components" ADD CONSTRAINT "cart_line_components_id_line_cart_lines_id_line_fk" FOREIGN KEY ("id_line") REFERENCES "public"."cart_lines"("id_line") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_customer_key_uq" ON "cart_lines" USING btree ("id_pelanggan","line_key");--> statement-breakpoint
CREATE INDEX "cart_lines_product_idx" ON "cart_lines" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "wishlist_items_customer_created_idx" ON "wishlist_items" USING btree ("id_pelanggan","created_at");