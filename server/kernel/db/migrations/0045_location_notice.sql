CREATE TABLE "location_notice_acceptances" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" uuid,
	CONSTRAINT "location_notice_acceptances_pkey" PRIMARY KEY("company_id","account_id","version")
);
--> statement-breakpoint
ALTER TABLE "location_notice_acceptances" ADD CONSTRAINT "location_notice_acceptances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_notice_acceptances" ADD CONSTRAINT "location_notice_acceptances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;