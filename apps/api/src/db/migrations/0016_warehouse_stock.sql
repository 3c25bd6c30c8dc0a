-- Issue 14 (back office): stock per warehouse. Warehouse 1 is the one checkout sells from
-- (CHECKOUT_WAREHOUSE_ID); variants.stock stays its available count (on_hand - held), and its
-- on_hand starts as that count plus the units open orders (Open, Paid) hold. Hand-written; the
-- snapshot is regenerated after the back office's helpers are merged.
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"sku_product" varchar(80) NOT NULL,
	"id_warehouse" integer NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_sku_product_id_warehouse_pk" PRIMARY KEY("sku_product","id_warehouse"),
	CONSTRAINT "stock_levels_on_hand" CHECK ("stock_levels"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sku_product" varchar(80) NOT NULL,
	"id_warehouse" integer NOT NULL,
	"delta" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reason" varchar(24) NOT NULL,
	"note" text,
	"source" varchar(8) DEFAULT 'adjust' NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_sku_product_variants_sku_product_fk" FOREIGN KEY ("sku_product") REFERENCES "public"."variants"("sku_product") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_id_warehouse_warehouses_id_fk" FOREIGN KEY ("id_warehouse") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_levels_warehouse_idx" ON "stock_levels" USING btree ("id_warehouse");--> statement-breakpoint
CREATE INDEX "stock_adjustments_sku_idx" ON "stock_adjustments" USING btree ("sku_product","at");--> statement-breakpoint
CREATE INDEX "stock_adjustments_at_idx" ON "stock_adjustments" USING btree ("at");--> statement-breakpoint
INSERT INTO "warehouses" ("id", "name", "city") VALUES (1, 'Gudang Jakarta', 'Jakarta Pusat');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('warehouses', 'id'), (SELECT max("id") FROM "warehouses"));--> statement-breakpoint
INSERT INTO "stock_levels" ("sku_product", "id_warehouse", "on_hand")
SELECT v."sku_product", 1, v."stock" + coalesce(held."units", 0)
FROM "variants" v
LEFT JOIN (
	SELECT u."sku", sum(u."units")::integer AS "units"
	FROM (
		SELECT l."sku_product" AS "sku", l."quantity" AS "units"
		FROM "sales_lines" l JOIN "sales_headers" h ON h."id_sales_header" = l."id_sales_header"
		WHERE h."status" IN ('Open', 'Paid') AND h."id_warehouse" = 1
		UNION ALL
		SELECT c."sku_product", c."qty" * l."quantity"
		FROM "sales_line_components" c
		JOIN "sales_lines" l ON l."id" = c."id_sales_line"
		JOIN "sales_headers" h ON h."id_sales_header" = l."id_sales_header"
		WHERE h."status" IN ('Open', 'Paid') AND h."id_warehouse" = 1
	) u
	GROUP BY u."sku"
) held ON held."sku" = v."sku_product";
