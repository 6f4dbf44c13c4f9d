CREATE TABLE "position_views" (
	"id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"viewer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"source" text DEFAULT 'day' NOT NULL,
	"day" date,
	"positions" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "position_views_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
ALTER TABLE "position_views" ADD CONSTRAINT "position_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_views" ADD CONSTRAINT "position_views_viewer_id_accounts_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_views" ADD CONSTRAINT "position_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "position_views_company_viewed_idx" ON "position_views" USING btree ("company_id","viewed_at");--> statement-breakpoint
CREATE INDEX "position_views_company_account_idx" ON "position_views" USING btree ("company_id","account_id","viewed_at");