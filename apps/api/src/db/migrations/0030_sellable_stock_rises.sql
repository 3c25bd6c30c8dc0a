-- Every rise of a sellable stock is announced on the channel busana_stock, in the transaction that
-- makes it (issue 41, decision 019 addendum 5): the processes that remember a size sold out forget
-- it, whatever path gave the units back (a release, a cancel, an adjustment, an import, a return).
-- A row's trigger whose condition is false does no work, so the takes of a sale cost nothing here.
CREATE FUNCTION sellable_stock_announce_rise() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('busana_stock', 's:' || NEW."sku_product");
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sellable_stock_rise_insert" AFTER INSERT ON "sellable_stock"
	FOR EACH ROW WHEN (NEW."stock" > 0) EXECUTE FUNCTION sellable_stock_announce_rise();--> statement-breakpoint
CREATE TRIGGER "sellable_stock_rise_update" AFTER UPDATE ON "sellable_stock"
	FOR EACH ROW WHEN (NEW."stock" > OLD."stock" OR NEW."sku_product" <> OLD."sku_product")
	EXECUTE FUNCTION sellable_stock_announce_rise();
