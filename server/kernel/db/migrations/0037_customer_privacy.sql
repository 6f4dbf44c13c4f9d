CREATE TABLE "customer_privacy_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_privacy_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"notice_version" text,
	"note" text,
	"received_on" date,
	"account_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "person" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consent_method" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_privacy_events" ADD CONSTRAINT "customer_privacy_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_privacy_events" ADD CONSTRAINT "customer_privacy_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_privacy_events" ADD CONSTRAINT "customer_privacy_events_customer_fk" FOREIGN KEY ("customer_id","company_id") REFERENCES "public"."customers"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_privacy_events_customer_idx" ON "customer_privacy_events" USING btree ("company_id","customer_id","at");--> statement-breakpoint
-- Customers made before the rule: the kinds that are usually a household business count as persons (contract/customers-privacy.ts PERSON_KINDS), with no consent on file.
UPDATE "customers" SET "person" = true WHERE "kind" IN ('Nhà thuốc', 'Quầy thuốc', 'Cửa hàng', 'Đại lý', 'Khác');
