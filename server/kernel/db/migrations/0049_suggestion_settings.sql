ALTER TABLE "visit_settings" ADD COLUMN "must_carry" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD COLUMN "idle_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD COLUMN "push_expiry_days" integer DEFAULT 90 NOT NULL;