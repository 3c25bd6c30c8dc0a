ALTER TABLE "warehouses" ADD COLUMN "low_stock_at" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_reviews_reviewed_idx" ON "product_reviews" USING btree ("reviewed_at") WHERE "product_reviews"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "sales_headers_paid_idx" ON "sales_headers" USING btree ("paid_at") WHERE "sales_headers"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "sales_headers_to_ship_idx" ON "sales_headers" USING btree ("paid_at") WHERE "sales_headers"."status" = 'Paid';--> statement-breakpoint
CREATE INDEX "sales_headers_refund_due_idx" ON "sales_headers" USING btree ("cancelled_at") WHERE "sales_headers"."refund_state" = 'due';--> statement-breakpoint
CREATE INDEX "sales_headers_order_date_idx" ON "sales_headers" USING btree ("order_date");