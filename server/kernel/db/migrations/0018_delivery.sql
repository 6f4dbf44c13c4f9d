CREATE TABLE "delivery_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"delivery_id" uuid NOT NULL,
	"source" text NOT NULL,
	"carrier_status" text,
	"status" text,
	"applied" boolean DEFAULT true NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"connection_id" integer,
	"status" text NOT NULL,
	"carrier_status" text,
	"tracking_code" text,
	"service_id" text,
	"service_name" text,
	"fee" bigint DEFAULT 0 NOT NULL,
	"expected_at" timestamp with time zone,
	"receiver_method" text NOT NULL,
	"cod_amount" bigint DEFAULT 0 NOT NULL,
	"insurance_value" bigint DEFAULT 0 NOT NULL,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"width_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"pick_shift" jsonb,
	"note" text,
	"receiver_name" text NOT NULL,
	"receiver_phone" text NOT NULL,
	"receiver_address" text NOT NULL,
	"receiver_province" text DEFAULT '' NOT NULL,
	"receiver_ward" text DEFAULT '' NOT NULL,
	"shipper_account_id" integer,
	"print_status" text DEFAULT 'not_printed' NOT NULL,
	"printed_at" timestamp with time zone,
	"print_count" integer DEFAULT 0 NOT NULL,
	"last_event_at" timestamp with time zone,
	"problem" text,
	"problem_code" text,
	"cancel_reason" text,
	"cod_collected" bigint,
	"cod_collected_at" timestamp with time zone,
	"cod_paid_out" bigint,
	"cod_paid_at" timestamp with time zone,
	"cod_note" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_delivery_id_delivery_orders_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."delivery_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_connection_id_provider_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."provider_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_shipper_account_id_accounts_id_fk" FOREIGN KEY ("shipper_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_events_delivery_idx" ON "delivery_events" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_orders_company_code_key" ON "delivery_orders" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_orders_active_order_key" ON "delivery_orders" USING btree ("company_id","order_id") WHERE "delivery_orders"."status" not in ('cancelled', 'create_failed');--> statement-breakpoint
CREATE INDEX "delivery_orders_company_created_idx" ON "delivery_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_orders_company_status_idx" ON "delivery_orders" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "delivery_orders_tracking_idx" ON "delivery_orders" USING btree ("carrier","tracking_code");