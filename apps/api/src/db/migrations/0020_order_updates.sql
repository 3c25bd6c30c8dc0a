-- Issue 28, order updates (decision 048): the outbox of messages to buyers, the language an order
-- was placed in, and the developer outbox's HTML part and idempotency key. Additive only: a new
-- table, nullable columns, and a column with a constant default (no table rewrite).
CREATE TABLE "order_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_sales_header" varchar(36) NOT NULL,
	"moment" varchar(16) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"language" varchar(2) NOT NULL,
	"idempotency_key" varchar(80) NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"subject" text,
	"body" text,
	"last_error" text,
	"requested_by" varchar(300) DEFAULT 'system' NOT NULL,
	"resend_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "order_updates_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "order_updates_state" CHECK ("order_updates"."state" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "order_updates_channel" CHECK ("order_updates"."channel" in ('WHATSAPP', 'SMS', 'EMAIL'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "idempotency_key" varchar(80);--> statement-breakpoint
ALTER TABLE "sales_headers" ADD COLUMN "language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_updates" ADD CONSTRAINT "order_updates_id_sales_header_sales_headers_id_sales_header_fk" FOREIGN KEY ("id_sales_header") REFERENCES "public"."sales_headers"("id_sales_header") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_updates_once_uq" ON "order_updates" USING btree ("id_sales_header","moment","channel") WHERE "order_updates"."resend_of" is null;--> statement-breakpoint
CREATE INDEX "order_updates_due_idx" ON "order_updates" USING btree ("next_attempt_at") WHERE "order_updates"."state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "order_updates_order_idx" ON "order_updates" USING btree ("id_sales_header","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_idempotency_uq" ON "outbox_messages" USING btree ("idempotency_key");