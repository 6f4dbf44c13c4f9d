CREATE TABLE "pharma_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"licence_rule" text DEFAULT 'warn' NOT NULL,
	"drug_class_rule" text DEFAULT 'block' NOT NULL,
	"registration_rule" text DEFAULT 'warn' NOT NULL,
	"expiry_notice_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temperature_readings" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "temperature_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"subject" text NOT NULL,
	"subject_id" text NOT NULL,
	"celsius" numeric(4, 1) NOT NULL,
	"taken_by" integer NOT NULL,
	"note" text,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temperature_readings_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "licence_issuer" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "licence_date" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "controlled_scope" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "gpp_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "gpp_expiry" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "licence_scan" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "outlet_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "registration_expiry" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "prescription" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "essential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "controlled_class" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "national_code" text;--> statement-breakpoint
ALTER TABLE "pharma_settings" ADD CONSTRAINT "pharma_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_taken_by_accounts_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "temperature_readings_subject_idx" ON "temperature_readings" USING btree ("company_id","subject","subject_id");