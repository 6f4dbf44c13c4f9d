CREATE TABLE "route_plans" (
	"id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"stops" jsonb NOT NULL,
	"effective_from" date NOT NULL,
	"approved_stops" jsonb,
	"approved_from" date,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_plans_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "plan_state" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "unplanned_reason" text;--> statement-breakpoint
ALTER TABLE "route_plans" ADD CONSTRAINT "route_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_plans" ADD CONSTRAINT "route_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_plans" ADD CONSTRAINT "route_plans_approved_by_accounts_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_plans" ADD CONSTRAINT "route_plans_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_plans_company_account_idx" ON "route_plans" USING btree ("company_id","account_id");--> statement-breakpoint
-- Route plans are edited by who edits visits and approved by who approves them (contract/roles.ts):
-- the region managers of companies made before then get both, as the seed now gives them.
UPDATE "roles" SET "permissions" = jsonb_set("permissions", '{visits}', '["view", "create", "edit", "approve", "export"]'::jsonb)
  WHERE "is_system" = true AND "name" = 'Quản lý vùng';
