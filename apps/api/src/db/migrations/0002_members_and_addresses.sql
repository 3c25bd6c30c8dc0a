CREATE TABLE "customers" (
	"id_pelanggan" serial PRIMARY KEY NOT NULL,
	"nama" text DEFAULT '' NOT NULL,
	"email" varchar(254),
	"hp" varchar(20) NOT NULL,
	"password_hash" text,
	"tanggal_lahir" date,
	"gender" varchar(8),
	"jenis_pekerjaan" varchar(16),
	"instagram" varchar(64) DEFAULT '-' NOT NULL,
	"source" varchar(16) DEFAULT 'WEBSITE' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"is_campaign" boolean DEFAULT false NOT NULL,
	"need_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"id_pelanggan" integer NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"id_pelanggan" integer,
	"phone" varchar(20) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"code_hash" varchar(128) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(10) NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" varchar(200) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_windows_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id_alamat" serial PRIMARY KEY NOT NULL,
	"id_pelanggan" integer NOT NULL,
	"penerima" text NOT NULL,
	"nama_alamat" varchar(40) NOT NULL,
	"hp_penerima" varchar(20) NOT NULL,
	"alamat_lengkap" text NOT NULL,
	"destination_code" varchar(8) NOT NULL,
	"kode_pos" varchar(5) NOT NULL,
	"id_address_village" varchar(13),
	"priority" varchar(8) DEFAULT 'second' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" varchar(5) PRIMARY KEY NOT NULL,
	"province_id" varchar(2) NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" varchar(8) PRIMARY KEY NOT NULL,
	"city_id" varchar(5) NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" varchar(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "villages" (
	"id" varchar(13) PRIMARY KEY NOT NULL,
	"district_id" varchar(8) NOT NULL,
	"name" text NOT NULL,
	"zip_code" varchar(5) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_id_pelanggan_customers_id_pelanggan_fk" FOREIGN KEY ("id_pelanggan") REFERENCES "public"."customers"("id_pelanggan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_destination_code_districts_id_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_id_address_village_villages_id_fk" FOREIGN KEY ("id_address_village") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_uq" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_hp_idx" ON "customers" USING btree ("hp");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_guest_phone_uq" ON "customers" USING btree ("hp") WHERE "customers"."is_guest";--> statement-breakpoint
CREATE UNIQUE INDEX "member_sessions_token_uq" ON "member_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_sessions_customer_idx" ON "member_sessions" USING btree ("id_pelanggan");--> statement-breakpoint
CREATE INDEX "otp_codes_phone_idx" ON "otp_codes" USING btree ("purpose","phone","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_customer_idx" ON "otp_codes" USING btree ("id_pelanggan","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("id_pelanggan");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_primary_uq" ON "addresses" USING btree ("id_pelanggan") WHERE "addresses"."priority" = 'primary';--> statement-breakpoint
CREATE INDEX "cities_province_idx" ON "cities" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "districts_city_idx" ON "districts" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "villages_district_idx" ON "villages" USING btree ("district_id");