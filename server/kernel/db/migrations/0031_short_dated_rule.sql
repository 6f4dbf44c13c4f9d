-- Receiving expired or short-dated goods (docs/warehouse.md): a company's threshold in days under which a
-- received lot is short-dated (cận hạn), and where such goods land (usable | quarantine). Expired goods
-- always land in quarantine; existing companies keep selling short-dated goods as before.
ALTER TABLE "warehouse_settings" ADD COLUMN "short_dated_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_settings" ADD COLUMN "short_dated_rule" text DEFAULT 'usable' NOT NULL;
