CREATE TABLE "report_line_facts" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_type_id" integer,
	"province_code" text,
	"status" text NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_order_facts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_type_id" integer,
	"level_id" integer,
	"province_code" text,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"order_type" text NOT NULL,
	"visit_id" uuid,
	"total" bigint NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_line_facts" ADD CONSTRAINT "report_line_facts_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_line_facts" ADD CONSTRAINT "report_line_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_order_facts" ADD CONSTRAINT "report_order_facts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_order_facts" ADD CONSTRAINT "report_order_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_line_facts_day_idx" ON "report_line_facts" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "report_line_facts_account_idx" ON "report_line_facts" USING btree ("company_id","account_id","day");--> statement-breakpoint
CREATE INDEX "report_line_facts_variant_idx" ON "report_line_facts" USING btree ("company_id","variant_id","day");--> statement-breakpoint
CREATE INDEX "report_line_facts_order_idx" ON "report_line_facts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "report_line_facts_customer_idx" ON "report_line_facts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "report_order_facts_day_idx" ON "report_order_facts" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "report_order_facts_account_idx" ON "report_order_facts" USING btree ("company_id","account_id","day");--> statement-breakpoint
CREATE INDEX "report_order_facts_customer_idx" ON "report_order_facts" USING btree ("company_id","customer_id","day");--> statement-breakpoint
CREATE INDEX "report_order_facts_visit_idx" ON "report_order_facts" USING btree ("visit_id");