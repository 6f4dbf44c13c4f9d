ALTER TABLE "jobs" ADD COLUMN "fair_key" text;--> statement-breakpoint
CREATE INDEX "jobs_running" ON "jobs" USING btree ("queue","fair_key") WHERE "jobs"."state" = 'running';--> statement-breakpoint
UPDATE "jobs" SET "fair_key" = 'company:' || "company_id" WHERE "company_id" IS NOT NULL AND "state" IN ('ready', 'running');
