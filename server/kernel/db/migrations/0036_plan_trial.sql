ALTER TABLE "company_subscriptions" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_packages" ADD COLUMN "trial_days" integer;