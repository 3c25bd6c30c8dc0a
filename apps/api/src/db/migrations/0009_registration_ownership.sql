-- Customer ids are not sequential (docs/decisions/023-registration-ownership.md): new ids are a
-- keyed permutation of the column's sequence. The key is drawn here, per database, and never leaves
-- it; the permutation is a 4-round Feistel network over 30 bits with an MD5-based round function,
-- offset by 2^30 so new ids (2^30..2^31-1) never meet the sequential ids of existing rows. A
-- permutation never repeats, so no insert needs a retry.
CREATE TABLE "customer_id_key" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("only"),
	"secret" text NOT NULL
);--> statement-breakpoint
INSERT INTO "customer_id_key" ("secret")
	VALUES (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));--> statement-breakpoint
CREATE FUNCTION customer_id_from_sequence(n bigint) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
	k text := (SELECT "secret" FROM "customer_id_key");
	l integer := ((n % 1073741824) >> 15)::integer;
	r integer := ((n % 1073741824) & 32767)::integer;
	t integer;
BEGIN
	FOR i IN 1..4 LOOP
		t := r;
		r := l # (('x' || substr(md5(k || ':' || i || ':' || r), 1, 4))::bit(16)::integer & 32767);
		l := t;
	END LOOP;
	RETURN 1073741824 + ((l << 15) | r);
END
$$;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "id_pelanggan" SET DEFAULT customer_id_from_sequence(nextval('customers_id_pelanggan_seq'::regclass));--> statement-breakpoint
-- Pending registrations are independent rows, one per register call, owned by whoever started it.
DROP INDEX "customers_email_pending_uq";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "registration_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "registration_codes_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "customers" SET "registration_expires_at" = "created_at" + interval '1 day'
	WHERE NOT "is_verified" AND NOT "is_guest";--> statement-breakpoint
CREATE INDEX "customers_email_pending_idx" ON "customers" USING btree ("email","created_at") WHERE not "customers"."is_verified";--> statement-breakpoint
CREATE INDEX "customers_registration_expiry_idx" ON "customers" USING btree ("registration_expires_at") WHERE not "customers"."is_verified";
