CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" varchar(64),
	"id_sales_header" varchar(36),
	"transaction_status" varchar(32),
	"status_code" varchar(8),
	"gross_amount" varchar(32),
	"verified_status" varchar(32),
	"outcome" varchar(24) NOT NULL,
	"body" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id_sales_header" varchar(36) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"state" varchar(16) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"transaction_id" text,
	"rekening" varchar(64),
	"biller_code" varchar(16),
	"qr_string" text,
	"qr_url" text,
	"deeplink" text,
	"transaction_status" varchar(32),
	"last_error" text,
	"charged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_state" CHECK ("payments"."state" in ('charging', 'issued', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_id","received_at");