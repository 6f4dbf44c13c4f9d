CREATE TABLE "customer_licence_scans" (
	"id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_licence_scans_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
ALTER TABLE "customer_licence_scans" ADD CONSTRAINT "customer_licence_scans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_licence_scans" ADD CONSTRAINT "customer_licence_scans_uploaded_by_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_licence_scans" ADD CONSTRAINT "customer_licence_scans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","company_id") REFERENCES "public"."customers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_licence_scans_customer_key" ON "customer_licence_scans" USING btree ("company_id","customer_id");