CREATE TABLE "courier_services" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"packing_fee" integer DEFAULT 0 NOT NULL,
	"etd_min" integer NOT NULL,
	"etd_max" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "courier_services_code_unique" UNIQUE("code"),
	CONSTRAINT "courier_services_etd" CHECK ("courier_services"."etd_min" >= 0 and "courier_services"."etd_max" >= "courier_services"."etd_min"),
	CONSTRAINT "courier_services_packing_fee" CHECK ("courier_services"."packing_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"zone_id" varchar(24) NOT NULL,
	"service_id" integer NOT NULL,
	"price_per_kg" integer NOT NULL,
	CONSTRAINT "shipping_rates_zone_id_service_id_pk" PRIMARY KEY("zone_id","service_id"),
	CONSTRAINT "shipping_rates_price_positive" CHECK ("shipping_rates"."price_per_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_areas" (
	"area_id" varchar(5) PRIMARY KEY NOT NULL,
	"zone_id" varchar(24) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"extra_days" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_grams" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_service_id_courier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."courier_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_areas" ADD CONSTRAINT "shipping_zone_areas_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_zone_areas_zone_idx" ON "shipping_zone_areas" USING btree ("zone_id");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_weight_positive" CHECK ("variants"."weight_grams" > 0);