-- The personal-data log's key holds company_id, as every company table's does (server/kernel/db/company-keys.test.ts).
ALTER TABLE "customer_privacy_events" DROP CONSTRAINT "customer_privacy_events_pkey";--> statement-breakpoint
ALTER TABLE "customer_privacy_events" ADD CONSTRAINT "customer_privacy_events_pkey" PRIMARY KEY("id","company_id");
