ALTER TABLE "orders" ADD COLUMN "discount_approval" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_approval_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_approved_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "max_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_approved_by_accounts_id_fk" FOREIGN KEY ("discount_approved_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The seeded sales role of companies made before limits existed gets the seed's 10 % (contract/roles.ts SALES_MAX_DISCOUNT).
UPDATE "roles" SET "max_discount_percent" = 10 WHERE "is_system" = true AND "name" = 'Trình dược viên' AND "max_discount_percent" IS NULL;
