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
CREATE TABLE "einvoice_files" (
	"invoice_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_files_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
CREATE TABLE "einvoice_orders" (
	"invoice_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "einvoice_orders_invoice_id_order_id_pk" PRIMARY KEY("invoice_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "einvoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ref_id" uuid NOT NULL,
	"status" text NOT NULL,
	"status_message" text,
	"provider_code" text,
	"send_no" integer DEFAULT 1 NOT NULL,
	"replaces_id" uuid,
	"replace_reason" text,
	"template_no" text NOT NULL,
	"series" text NOT NULL,
	"number" text,
	"issued_on" text,
	"transaction_id" text,
	"tax_authority_code" text,
	"customer_id" uuid NOT NULL,
	"buyer" jsonb NOT NULL,
	"payment_method" text NOT NULL,
	"note" text,
	"lines" jsonb NOT NULL,
	"by_rate" jsonb NOT NULL,
	"total_sale" bigint NOT NULL,
	"total_discount" bigint NOT NULL,
	"total_without_vat" bigint NOT NULL,
	"total_vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"amount_in_words" text NOT NULL,
	"cancel_state" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_batches" ADD CONSTRAINT "accounting_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_batches" ADD CONSTRAINT "accounting_batches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_mappings" ADD CONSTRAINT "accounting_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_syncs" ADD CONSTRAINT "accounting_syncs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_files" ADD CONSTRAINT "einvoice_files_invoice_id_einvoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."einvoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_files" ADD CONSTRAINT "einvoice_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_orders" ADD CONSTRAINT "einvoice_orders_invoice_id_einvoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."einvoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_orders" ADD CONSTRAINT "einvoice_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_orders" ADD CONSTRAINT "einvoice_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_batches_company_idx" ON "accounting_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_syncs_record_key" ON "accounting_syncs" USING btree ("company_id","source","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_syncs_refid_key" ON "accounting_syncs" USING btree ("company_id","org_refid");--> statement-breakpoint
CREATE INDEX "accounting_syncs_company_status_idx" ON "accounting_syncs" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "accounting_syncs_batch_idx" ON "accounting_syncs" USING btree ("company_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_orders_one_active" ON "einvoice_orders" USING btree ("company_id","order_id") WHERE "einvoice_orders"."active";--> statement-breakpoint
CREATE INDEX "einvoice_orders_company_order_idx" ON "einvoice_orders" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_company_ref_key" ON "einvoices" USING btree ("company_id","ref_id");--> statement-breakpoint
CREATE INDEX "einvoices_company_created_idx" ON "einvoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "einvoices_company_status_idx" ON "einvoices" USING btree ("company_id","status");