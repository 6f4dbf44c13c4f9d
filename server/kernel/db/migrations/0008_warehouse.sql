CREATE TABLE "accounting_periods" (
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"closing_value" bigint,
	CONSTRAINT "accounting_periods_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "stock_count_sheets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"receipt_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"note" text,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"company_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"on_hand" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_company_id_warehouse_id_variant_id_pk" PRIMARY KEY("company_id","warehouse_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "stock_lot_balances" (
	"company_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"on_hand" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_lot_balances_company_id_warehouse_id_lot_id_pk" PRIMARY KEY("company_id","warehouse_id","lot_id"),
	CONSTRAINT "stock_lot_balances_held_within" CHECK ("stock_lot_balances"."held" >= 0 and "stock_lot_balances"."held" <= "stock_lot_balances"."on_hand"),
	CONSTRAINT "stock_lot_balances_not_negative" CHECK ("stock_lot_balances"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"lot_no" text NOT NULL,
	"manufactured_on" date,
	"expires_on" date,
	"status" text DEFAULT 'usable' NOT NULL,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"value" bigint NOT NULL,
	"receipt_id" uuid NOT NULL,
	"receipt_line_id" uuid,
	"document_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_period_balances" (
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "stock_period_balances_company_id_month_warehouse_id_variant_id_pk" PRIMARY KEY("company_id","month","warehouse_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "stock_receipt_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_receipt_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"receipt_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"account_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_receipt_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"receipt_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"unit" text NOT NULL,
	"factor" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"document_quantity" bigint,
	"received_quantity" bigint,
	"base_quantity" bigint NOT NULL,
	"lot_id" integer,
	"lot_no" text,
	"manufactured_on" date,
	"expires_on" date,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"cost" bigint,
	"book_quantity" bigint,
	"counted_quantity" bigint
);
--> statement-breakpoint
CREATE TABLE "stock_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"to_warehouse_id" integer,
	"reason_id" integer,
	"partner_name" text,
	"partner_address" text,
	"source_document" text,
	"order_id" uuid,
	"is_return" boolean DEFAULT false NOT NULL,
	"reverses_id" uuid,
	"document_date" date NOT NULL,
	"note" text,
	"status_reason" text,
	"created_by" integer NOT NULL,
	"completed_by" integer,
	"completed_at" timestamp with time zone,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_quantity" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"regime" text DEFAULT 'TT99' NOT NULL,
	"unit_name" text,
	"department" text,
	"import_form" text DEFAULT '01-VT' NOT NULL,
	"export_form" text DEFAULT '02-VT' NOT NULL,
	"check_form" text DEFAULT '05-VT' NOT NULL,
	"transfer_form" text DEFAULT '03PXK-VCNB' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"keeper_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variant_stock" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "variant_stock" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "warehouse_id" integer;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_closed_by_accounts_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_sheets" ADD CONSTRAINT "stock_count_sheets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_sheets" ADD CONSTRAINT "stock_count_sheets_receipt_id_stock_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."stock_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_sheets" ADD CONSTRAINT "stock_count_sheets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lot_balances" ADD CONSTRAINT "stock_lot_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lot_balances" ADD CONSTRAINT "stock_lot_balances_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lot_balances" ADD CONSTRAINT "stock_lot_balances_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lot_balances" ADD CONSTRAINT "stock_lot_balances_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_receipt_id_stock_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."stock_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_period_balances" ADD CONSTRAINT "stock_period_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_period_balances" ADD CONSTRAINT "stock_period_balances_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_period_balances" ADD CONSTRAINT "stock_period_balances_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipt_history" ADD CONSTRAINT "stock_receipt_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipt_history" ADD CONSTRAINT "stock_receipt_history_receipt_id_stock_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."stock_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipt_history" ADD CONSTRAINT "stock_receipt_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipt_lines" ADD CONSTRAINT "stock_receipt_lines_receipt_id_stock_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."stock_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipt_lines" ADD CONSTRAINT "stock_receipt_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipt_lines" ADD CONSTRAINT "stock_receipt_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipt_lines" ADD CONSTRAINT "stock_receipt_lines_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipts" ADD CONSTRAINT "stock_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipts" ADD CONSTRAINT "stock_receipts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipts" ADD CONSTRAINT "stock_receipts_to_warehouse_id_warehouses_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipts" ADD CONSTRAINT "stock_receipts_reason_id_transfer_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."transfer_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipts" ADD CONSTRAINT "stock_receipts_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_receipts" ADD CONSTRAINT "stock_receipts_completed_by_accounts_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_reasons" ADD CONSTRAINT "transfer_reasons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_settings" ADD CONSTRAINT "warehouse_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_keeper_id_accounts_id_fk" FOREIGN KEY ("keeper_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_count_sheets_receipt_idx" ON "stock_count_sheets" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "stock_levels_company_variant_idx" ON "stock_levels" USING btree ("company_id","variant_id");--> statement-breakpoint
CREATE INDEX "stock_lot_balances_company_variant_idx" ON "stock_lot_balances" USING btree ("company_id","warehouse_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lots_company_variant_lot_key" ON "stock_lots" USING btree ("company_id","variant_id","lot_no");--> statement-breakpoint
CREATE INDEX "stock_lots_company_expiry_idx" ON "stock_lots" USING btree ("company_id","expires_on");--> statement-breakpoint
CREATE INDEX "stock_moves_company_variant_date_idx" ON "stock_moves" USING btree ("company_id","variant_id","document_date");--> statement-breakpoint
CREATE INDEX "stock_moves_company_lot_idx" ON "stock_moves" USING btree ("company_id","lot_id");--> statement-breakpoint
CREATE INDEX "stock_moves_receipt_idx" ON "stock_moves" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "stock_receipt_history_receipt_idx" ON "stock_receipt_history" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "stock_receipt_lines_receipt_idx" ON "stock_receipt_lines" USING btree ("receipt_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_receipts_company_code_key" ON "stock_receipts" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "stock_receipts_company_kind_date_idx" ON "stock_receipts" USING btree ("company_id","kind","document_date");--> statement-breakpoint
CREATE INDEX "stock_receipts_company_order_idx" ON "stock_receipts" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_reasons_company_title_key" ON "transfer_reasons" USING btree ("company_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_company_code_key" ON "warehouses" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_company_default_key" ON "warehouses" USING btree ("company_id") WHERE "warehouses"."is_default";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_receipts_search_trgm_idx" ON "stock_receipts" USING gin ("search_text" gin_trgm_ops);
