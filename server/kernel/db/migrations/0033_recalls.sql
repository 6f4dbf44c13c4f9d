CREATE TABLE "recall_campaigns" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "recall_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"level" integer NOT NULL,
	"decision_number" text NOT NULL,
	"decision_date" date NOT NULL,
	"deadline" date NOT NULL,
	"reason" text NOT NULL,
	"scope" text NOT NULL,
	"lot_id" integer,
	"registration_number" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"close_note" text,
	CONSTRAINT "recall_campaigns_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
CREATE TABLE "recall_lots" (
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	CONSTRAINT "recall_lots_pkey" PRIMARY KEY("campaign_id","lot_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "recall_notices" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "recall_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_notices_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
CREATE TABLE "recall_returns" (
	"id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"lot_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"receipt_id" uuid NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_returns_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
ALTER TABLE "recall_campaigns" ADD CONSTRAINT "recall_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_campaigns" ADD CONSTRAINT "recall_campaigns_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_campaigns" ADD CONSTRAINT "recall_campaigns_closed_by_accounts_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_campaigns" ADD CONSTRAINT "recall_campaigns_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id","company_id") REFERENCES "public"."stock_lots"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_lots" ADD CONSTRAINT "recall_lots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_lots" ADD CONSTRAINT "recall_lots_campaign_id_recall_campaigns_id_fk" FOREIGN KEY ("campaign_id","company_id") REFERENCES "public"."recall_campaigns"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_lots" ADD CONSTRAINT "recall_lots_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id","company_id") REFERENCES "public"."stock_lots"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_campaign_id_recall_campaigns_id_fk" FOREIGN KEY ("campaign_id","company_id") REFERENCES "public"."recall_campaigns"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","company_id") REFERENCES "public"."customers"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_returns" ADD CONSTRAINT "recall_returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_returns" ADD CONSTRAINT "recall_returns_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_returns" ADD CONSTRAINT "recall_returns_campaign_id_recall_campaigns_id_fk" FOREIGN KEY ("campaign_id","company_id") REFERENCES "public"."recall_campaigns"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_returns" ADD CONSTRAINT "recall_returns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","company_id") REFERENCES "public"."customers"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_returns" ADD CONSTRAINT "recall_returns_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id","company_id") REFERENCES "public"."stock_lots"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_returns" ADD CONSTRAINT "recall_returns_receipt_id_stock_receipts_id_fk" FOREIGN KEY ("receipt_id","company_id") REFERENCES "public"."stock_receipts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recall_campaigns_company_code_key" ON "recall_campaigns" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "recall_campaigns_company_status_idx" ON "recall_campaigns" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "recall_lots_company_lot_idx" ON "recall_lots" USING btree ("company_id","lot_id");--> statement-breakpoint
CREATE INDEX "recall_notices_campaign_idx" ON "recall_notices" USING btree ("company_id","campaign_id");--> statement-breakpoint
CREATE INDEX "recall_returns_campaign_idx" ON "recall_returns" USING btree ("company_id","campaign_id");