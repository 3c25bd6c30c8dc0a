CREATE TABLE "sellable_stock" (
	"sku_product" varchar(80) PRIMARY KEY NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sellable_stock_not_negative" CHECK ("sellable_stock"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sellable_stock" ADD CONSTRAINT "sellable_stock_sku_product_variants_sku_product_fk" FOREIGN KEY ("sku_product") REFERENCES "public"."variants"("sku_product") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 42: what checkout may sell of each variant moves from variants.stock (a column of the catalog's
-- table that inventory wrote) to inventory's own sellable_stock, one row per variant, copied as it is.
INSERT INTO "sellable_stock" ("sku_product", "stock") SELECT "sku_product", "stock" FROM "variants";--> statement-breakpoint
-- The listing facts of migration 0024 read the sizes buyable now from sellable_stock (a variant
-- without a row counts as 0), so the size filter follows the stock wherever it is written.
CREATE OR REPLACE FUNCTION product_listing_facts_refresh(codes text[]) RETURNS void
LANGUAGE sql AS $$
	INSERT INTO "product_listing_facts" ("product_code", "sizes", "buyable", "prices", "min_price", "max_price",
		"on_sale", "discount", "colour_family")
	SELECT p."product_code", f.sizes,
		CASE WHEN p."status" <> 'sold' AND p."product_lable" <> 'COMING-SOON' THEN f.buyable ELSE '{}'::text[] END,
		f.prices, f.min_price, f.max_price,
		(p."start_price" = 0 AND c.coret > 0),
		CASE WHEN p."start_price" = 0 AND c.coret > p."selling_price"
			THEN ((c.coret - p."selling_price") / c.coret)::real ELSE 0 END,
		p."colour_family"
	FROM "products" p
	CROSS JOIN LATERAL (SELECT coalesce(nullif(regexp_replace(p."harga_coret", '[^0-9]', '', 'g'), ''), '0')::numeric AS coret) c
	CROSS JOIN LATERAL (
		SELECT coalesce(array_agg(DISTINCT upper(v."ukuran")), '{}'::text[]) AS sizes,
			coalesce(array_agg(DISTINCT upper(v."ukuran")) FILTER (WHERE coalesce(s."stock", 0) > 0), '{}'::text[]) AS buyable,
			coalesce(array_agg(v."selling_price"), ARRAY[p."selling_price"]) AS prices,
			coalesce(min(v."selling_price"), p."selling_price") AS min_price,
			coalesce(max(v."selling_price"), p."selling_price") AS max_price
		FROM "variants" v LEFT JOIN "sellable_stock" s ON s."sku_product" = v."sku_product"
		WHERE v."product_code" = p."product_code"
	) f
	WHERE p."product_code" = ANY (codes)
	ORDER BY p."product_code"
	ON CONFLICT ("product_code") DO UPDATE SET "sizes" = excluded."sizes", "buyable" = excluded."buyable",
		"prices" = excluded."prices", "min_price" = excluded."min_price", "max_price" = excluded."max_price",
		"on_sale" = excluded."on_sale", "discount" = excluded."discount", "colour_family" = excluded."colour_family"
$$;--> statement-breakpoint
-- A variant's change matters when its size or its price changes (its stock is sellable_stock's now).
CREATE OR REPLACE FUNCTION product_listing_facts_of_changed_variants() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_listing_facts_refresh(ARRAY(
		SELECT n."product_code" FROM new_rows n JOIN old_rows o ON o."sku_product" = n."sku_product"
		WHERE (n."product_code", n."ukuran", n."selling_price")
			IS DISTINCT FROM (o."product_code", o."ukuran", o."selling_price")
		UNION
		SELECT o."product_code" FROM new_rows n JOIN old_rows o ON o."sku_product" = n."sku_product"
		WHERE n."product_code" <> o."product_code"));
	RETURN NULL;
END
$$;--> statement-breakpoint
-- A size's sellable stock matters when it crosses 0: an order that takes one unit of ten refreshes
-- nothing; the one that takes the last does, and so does the give-back or delivery that brings it back.
CREATE FUNCTION product_listing_facts_of_changed_stock() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_listing_facts_refresh(ARRAY(
		SELECT DISTINCT v."product_code" FROM new_rows n JOIN old_rows o ON o."sku_product" = n."sku_product"
		JOIN "variants" v ON v."sku_product" = n."sku_product"
		WHERE (n."stock" > 0) IS DISTINCT FROM (o."stock" > 0)));
	RETURN NULL;
END
$$;--> statement-breakpoint
-- A row written or removed with stock above 0 changes what is buyable (a missing row counts as 0). A
-- row that goes with its variant finds no variant here: the variants' own trigger refreshes that product.
CREATE FUNCTION product_listing_facts_of_new_stock() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_listing_facts_refresh(ARRAY(
		SELECT DISTINCT v."product_code" FROM new_rows n JOIN "variants" v ON v."sku_product" = n."sku_product"
		WHERE n."stock" > 0));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION product_listing_facts_of_removed_stock() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_listing_facts_refresh(ARRAY(
		SELECT DISTINCT v."product_code" FROM old_rows o JOIN "variants" v ON v."sku_product" = o."sku_product"
		WHERE o."stock" > 0));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sellable_stock_listing_facts_insert" AFTER INSERT ON "sellable_stock"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_facts_of_new_stock();--> statement-breakpoint
CREATE TRIGGER "sellable_stock_listing_facts_update" AFTER UPDATE ON "sellable_stock"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION product_listing_facts_of_changed_stock();--> statement-breakpoint
CREATE TRIGGER "sellable_stock_listing_facts_delete" AFTER DELETE ON "sellable_stock"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_facts_of_removed_stock();--> statement-breakpoint
ALTER TABLE "variants" DROP COLUMN "stock";
