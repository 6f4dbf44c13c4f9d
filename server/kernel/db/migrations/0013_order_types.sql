CREATE TABLE "order_type_accounts" (
	"company_id" integer NOT NULL,
	"order_type_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "order_type_accounts_company_id_order_type_id_account_id_pk" PRIMARY KEY("company_id","order_type_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "order_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"wholesale" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"everyone" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_type_id" integer;--> statement-breakpoint
ALTER TABLE "order_type_accounts" ADD CONSTRAINT "order_type_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_type_accounts" ADD CONSTRAINT "order_type_accounts_order_type_id_order_types_id_fk" FOREIGN KEY ("order_type_id") REFERENCES "public"."order_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_type_accounts" ADD CONSTRAINT "order_type_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_types" ADD CONSTRAINT "order_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_type_accounts_account_idx" ON "order_type_accounts" USING btree ("company_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_types_company_code_key" ON "order_types" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "order_types_company_default_key" ON "order_types" USING btree ("company_id") WHERE "order_types"."is_default";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_type_id_order_types_id_fk" FOREIGN KEY ("order_type_id") REFERENCES "public"."order_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_type_created_idx" ON "orders" USING btree ("company_id","order_type_id","created_at");