CREATE TABLE "company_bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"bank_bin" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"branch" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_credit" (
	"company_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"credit_limit" bigint,
	"credit_days" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_credit_company_id_customer_id_pk" PRIMARY KEY("company_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"company_id" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_order_id_pk" PRIMARY KEY("payment_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"collected_by" integer,
	"collected_at" timestamp with time zone NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivable_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receivable_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"day" date NOT NULL,
	"due_date" date,
	"order_id" uuid,
	"payment_id" uuid,
	"return_ref" text,
	"document" text,
	"account_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivable_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"policy" text DEFAULT 'warn' NOT NULL,
	"default_credit_days" integer DEFAULT 30 NOT NULL,
	"aging_bounds" jsonb DEFAULT '[30,60,90]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rep_credit" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"credit_limit" bigint,
	"credit_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rep_credit_company_id_account_id_pk" PRIMARY KEY("company_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_warning" text;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit" ADD CONSTRAINT "customer_credit_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit" ADD CONSTRAINT "customer_credit_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit" ADD CONSTRAINT "customer_credit_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_accounts_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_accounts_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancelled_by_accounts_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_entries" ADD CONSTRAINT "receivable_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_entries" ADD CONSTRAINT "receivable_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_entries" ADD CONSTRAINT "receivable_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_entries" ADD CONSTRAINT "receivable_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_entries" ADD CONSTRAINT "receivable_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_settings" ADD CONSTRAINT "receivable_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rep_credit" ADD CONSTRAINT "rep_credit_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rep_credit" ADD CONSTRAINT "rep_credit_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_number_key" ON "company_bank_accounts" USING btree ("company_id","bank_bin","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_default_key" ON "company_bank_accounts" USING btree ("company_id") WHERE "company_bank_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "payment_allocations_company_order_idx" ON "payment_allocations" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_company_code_key" ON "payments" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "payments_company_customer_idx" ON "payments" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "payments_company_order_idx" ON "payments" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "payments_company_collector_idx" ON "payments" USING btree ("company_id","collected_by","collected_at");--> statement-breakpoint
CREATE INDEX "payments_company_collected_idx" ON "payments" USING btree ("company_id","collected_at");--> statement-breakpoint
CREATE INDEX "receivable_entries_company_customer_day_idx" ON "receivable_entries" USING btree ("company_id","customer_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "receivable_entries_order_key" ON "receivable_entries" USING btree ("company_id","order_id") WHERE "receivable_entries"."kind" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "receivable_entries_return_key" ON "receivable_entries" USING btree ("company_id","return_ref") WHERE "receivable_entries"."kind" = 'return';