CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"event_id" bigint NOT NULL,
	"subscriber" varchar(64) NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "event_deliveries_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber"),
	CONSTRAINT "event_deliveries_state" CHECK ("event_deliveries"."state" in ('pending', 'handling', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "member_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_pelanggan" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"product_code" varchar(64) NOT NULL,
	"sku_product" varchar(80),
	"language" varchar(2) NOT NULL,
	"price_then" integer,
	"price_now" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"spent_at" timestamp with time zone,
	"spent_event" bigint,
	CONSTRAINT "member_alerts_kind" CHECK ("member_alerts"."kind" in ('BACK_IN_STOCK', 'PRICE_DROP')),
	CONSTRAINT "member_alerts_shape" CHECK (("member_alerts"."kind" = 'BACK_IN_STOCK' and "member_alerts"."sku_product" is not null) or ("member_alerts"."kind" = 'PRICE_DROP' and "member_alerts"."sku_product" is null and "member_alerts"."price_then" is not null))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_alerts" ADD CONSTRAINT "member_alerts_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_alerts" ADD CONSTRAINT "member_alerts_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_alerts" ADD CONSTRAINT "member_alerts_sku_product_variants_sku_product_fk" FOREIGN KEY ("sku_product") REFERENCES "public"."variants"("sku_product") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("next_attempt_at") WHERE "event_deliveries"."state" in ('pending', 'handling');--> statement-breakpoint
CREATE UNIQUE INDEX "member_alerts_waiting_uq" ON "member_alerts" USING btree ("id_pelanggan","kind","product_code",coalesce("sku_product", '')) WHERE "member_alerts"."spent_at" is null;--> statement-breakpoint
CREATE INDEX "member_alerts_size_idx" ON "member_alerts" USING btree ("sku_product") WHERE "member_alerts"."spent_at" is null and "member_alerts"."kind" = 'BACK_IN_STOCK';--> statement-breakpoint
CREATE INDEX "member_alerts_product_idx" ON "member_alerts" USING btree ("product_code") WHERE "member_alerts"."spent_at" is null and "member_alerts"."kind" = 'PRICE_DROP';--> statement-breakpoint
CREATE INDEX "member_alerts_member_idx" ON "member_alerts" USING btree ("id_pelanggan","created_at");