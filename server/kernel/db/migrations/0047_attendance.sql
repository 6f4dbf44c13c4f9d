CREATE TABLE "attendance_claims" (
	"id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_claims_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"noon" text DEFAULT '12:00' NOT NULL,
	"workdays" jsonb DEFAULT '[1,2,3,4,5,6]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_claims" ADD CONSTRAINT "attendance_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_claims" ADD CONSTRAINT "attendance_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_claims" ADD CONSTRAINT "attendance_claims_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_settings" ADD CONSTRAINT "attendance_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_claims_live_day_idx" ON "attendance_claims" USING btree ("company_id","account_id","day") WHERE "attendance_claims"."status" in ('waiting', 'approved');--> statement-breakpoint
CREATE INDEX "attendance_claims_company_day_idx" ON "attendance_claims" USING btree ("company_id","day");