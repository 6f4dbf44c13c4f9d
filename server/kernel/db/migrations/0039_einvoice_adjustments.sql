ALTER TABLE "einvoices" ADD COLUMN "adjusts_id" uuid;--> statement-breakpoint
ALTER TABLE "einvoices" ADD COLUMN "adjust_kind" text;--> statement-breakpoint
ALTER TABLE "einvoices" ADD COLUMN "agreement" jsonb;--> statement-breakpoint
CREATE INDEX "einvoices_company_adjusts_idx" ON "einvoices" USING btree ("company_id","adjusts_id") WHERE "einvoices"."adjusts_id" IS NOT NULL;