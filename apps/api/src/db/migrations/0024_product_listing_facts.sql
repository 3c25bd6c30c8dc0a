CREATE TABLE "product_listing_facts" (
	"product_code" varchar(64) PRIMARY KEY NOT NULL,
	"sizes" text[] NOT NULL,
	"buyable" text[] NOT NULL,
	"prices" integer[] NOT NULL,
	"min_price" integer NOT NULL,
	"max_price" integer NOT NULL,
	"on_sale" boolean NOT NULL,
	"discount" real NOT NULL,
	"colour_family" varchar(16)
);
--> statement-breakpoint
ALTER TABLE "product_listing_facts" ADD CONSTRAINT "product_listing_facts_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What the listing filter reads of each product (issue 39, docs/decisions/054-listing-filter.md), rebuilt
-- from products and variants as they are now for the given products, in code order (so two writers
-- never wait on each other in a cycle). A product that is gone is skipped: its row goes with it.
CREATE FUNCTION product_listing_facts_refresh(codes text[]) RETURNS void
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
			coalesce(array_agg(DISTINCT upper(v."ukuran")) FILTER (WHERE v."stock" > 0), '{}'::text[]) AS buyable,
			coalesce(array_agg(v."selling_price"), ARRAY[p."selling_price"]) AS prices,
			coalesce(min(v."selling_price"), p."selling_price") AS min_price,
			coalesce(max(v."selling_price"), p."selling_price") AS max_price
		FROM "variants" v WHERE v."product_code" = p."product_code"
	) f
	WHERE p."product_code" = ANY (codes)
	ORDER BY p."product_code"
	ON CONFLICT ("product_code") DO UPDATE SET "sizes" = excluded."sizes", "buyable" = excluded."buyable",
		"prices" = excluded."prices", "min_price" = excluded."min_price", "max_price" = excluded."max_price",
		"on_sale" = excluded."on_sale", "discount" = excluded."discount", "colour_family" = excluded."colour_family"
$$;--> statement-breakpoint
-- One refresh per statement (a seed's bulk insert is one), of the products whose facts can have changed.
CREATE FUNCTION product_listing_facts_of_new_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_listing_facts_refresh(ARRAY(SELECT DISTINCT "product_code" FROM new_rows));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION product_listing_facts_of_changed_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_listing_facts_refresh(ARRAY(
		SELECT n."product_code" FROM new_rows n JOIN old_rows o ON o."product_code" = n."product_code"
		WHERE (n."status", n."product_lable", n."start_price", n."selling_price", n."harga_coret", n."colour_family")
			IS DISTINCT FROM (o."status", o."product_lable", o."start_price", o."selling_price", o."harga_coret", o."colour_family")));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION product_listing_facts_of_removed_variants() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_listing_facts_refresh(ARRAY(SELECT DISTINCT "product_code" FROM old_rows));
	RETURN NULL;
END
$$;--> statement-breakpoint
-- A variant's change matters when its size, its price or whether it is in stock changes: an order that
-- takes one unit of ten refreshes nothing; the one that takes the last does.
CREATE FUNCTION product_listing_facts_of_changed_variants() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_listing_facts_refresh(ARRAY(
		SELECT n."product_code" FROM new_rows n JOIN old_rows o ON o."sku_product" = n."sku_product"
		WHERE (n."product_code", n."ukuran", n."selling_price", n."stock" > 0)
			IS DISTINCT FROM (o."product_code", o."ukuran", o."selling_price", o."stock" > 0)
		UNION
		SELECT o."product_code" FROM new_rows n JOIN old_rows o ON o."sku_product" = n."sku_product"
		WHERE n."product_code" <> o."product_code"));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_listing_facts_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_facts_of_new_products();--> statement-breakpoint
CREATE TRIGGER "products_listing_facts_update" AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION product_listing_facts_of_changed_products();--> statement-breakpoint
CREATE TRIGGER "variants_listing_facts_insert" AFTER INSERT ON "variants"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_facts_of_new_products();--> statement-breakpoint
CREATE TRIGGER "variants_listing_facts_update" AFTER UPDATE ON "variants"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION product_listing_facts_of_changed_variants();--> statement-breakpoint
CREATE TRIGGER "variants_listing_facts_delete" AFTER DELETE ON "variants"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_listing_facts_of_removed_variants();--> statement-breakpoint
SELECT product_listing_facts_refresh(ARRAY(SELECT "product_code" FROM "products"));
