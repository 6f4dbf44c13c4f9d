CREATE TABLE "visit_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"place_rule" text DEFAULT 'warn' NOT NULL,
	"radius_m" integer DEFAULT 200 NOT NULL,
	"accuracy_limit_m" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "check_in_distance" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD CONSTRAINT "visit_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_company_device_idx" ON "visits" USING btree ("company_id","device_id","check_in_at");