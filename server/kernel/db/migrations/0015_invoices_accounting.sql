CREATE TABLE "accounting_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"total" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_mappings" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"local_key" text NOT NULL,
	"misa_code" text NOT NULL,
	"misa_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_mappings_company_id_kind_local_key_pk" PRIMARY KEY("company_id","kind","local_key")
);
--> statement-breakpoint
CREATE TABLE "accounting_syncs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"source_code" text NOT NULL,
	"partner_name" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"source_date" timestamp with time zone NOT NULL,
	"org_refid" uuid NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"send_no" integer DEFAULT 1 NOT NULL,
	"batch_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_batches" ADD CONSTRAINT "accounting_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_batches" ADD CONSTRAINT "accounting_batches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_mappings" ADD CONSTRAINT "accounting_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_syncs" ADD CONSTRAINT "accounting_syncs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_batches_company_idx" ON "accounting_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_syncs_record_key" ON "accounting_syncs" USING btree ("company_id","source","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_syncs_refid_key" ON "accounting_syncs" USING btree ("company_id","org_refid");--> statement-breakpoint
CREATE INDEX "accounting_syncs_company_status_idx" ON "accounting_syncs" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "accounting_syncs_batch_idx" ON "accounting_syncs" USING btree ("company_id","batch_id");