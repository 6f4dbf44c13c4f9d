ALTER TABLE "companies" ADD COLUMN "business_type_id" integer;--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "business_type";