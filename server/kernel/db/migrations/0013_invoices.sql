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
ALTER TABLE "einvoice_files" ADD CONSTRAINT "einvoice_files_invoice_id_einvoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."einvoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_files" ADD CONSTRAINT "einvoice_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_orders" ADD CONSTRAINT "einvoice_orders_invoice_id_einvoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."einvoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_orders" ADD CONSTRAINT "einvoice_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_orders" ADD CONSTRAINT "einvoice_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_orders_one_active" ON "einvoice_orders" USING btree ("company_id","order_id") WHERE "einvoice_orders"."active";--> statement-breakpoint
CREATE INDEX "einvoice_orders_company_order_idx" ON "einvoice_orders" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_company_ref_key" ON "einvoices" USING btree ("company_id","ref_id");--> statement-breakpoint
CREATE INDEX "einvoices_company_created_idx" ON "einvoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "einvoices_company_status_idx" ON "einvoices" USING btree ("company_id","status");