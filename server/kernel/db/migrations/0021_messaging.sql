CREATE TABLE "zalo_campaign_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zalo_campaign_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"tracking_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" uuid,
	"follower_id" integer,
	"template_data" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"error" text,
	"error_code" text,
	"zalo_msg_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "zalo_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zalo_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"oa_row_id" integer NOT NULL,
	"name" text NOT NULL,
	"template_row_id" integer NOT NULL,
	"source" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"retry_round" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zalo_conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zalo_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"oa_row_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_text" text DEFAULT '' NOT NULL,
	"last_user_at" timestamp with time zone,
	"unread" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zalo_followers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zalo_followers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"oa_row_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"avatar" text,
	"phone" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"is_follower" boolean DEFAULT true NOT NULL,
	"last_interaction_at" timestamp with time zone,
	"customer_id" uuid,
	"linked_by" integer,
	"linked_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zalo_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"oa_row_id" integer NOT NULL,
	"conversation_id" integer,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"user_id" text,
	"phone" text,
	"template_row_id" integer,
	"template_data" jsonb,
	"origin" text DEFAULT 'manual' NOT NULL,
	"order_id" uuid,
	"customer_id" uuid,
	"status" text NOT NULL,
	"error" text,
	"error_code" text,
	"zalo_msg_id" text,
	"sent_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "zalo_oa_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zalo_oa_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sector" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"address" text,
	"note" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zalo_oas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zalo_oas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"oa_id" text NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"refreshing_until" timestamp with time zone,
	"sync_state" text DEFAULT 'idle' NOT NULL,
	"sync_done" integer DEFAULT 0 NOT NULL,
	"sync_total" integer DEFAULT 0 NOT NULL,
	"sync_error" text,
	"synced_at" timestamp with time zone,
	"templates_synced_at" timestamp with time zone,
	"order_events" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zalo_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zalo_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zalo_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"oa_row_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"quality" text,
	"tag" text,
	"price" integer,
	"preview_url" text,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bindings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"synced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "zalo_campaign_recipients" ADD CONSTRAINT "zalo_campaign_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_campaign_recipients" ADD CONSTRAINT "zalo_campaign_recipients_campaign_id_zalo_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."zalo_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_campaign_recipients" ADD CONSTRAINT "zalo_campaign_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_campaign_recipients" ADD CONSTRAINT "zalo_campaign_recipients_follower_id_zalo_followers_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."zalo_followers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_campaigns" ADD CONSTRAINT "zalo_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_campaigns" ADD CONSTRAINT "zalo_campaigns_oa_row_id_zalo_oas_id_fk" FOREIGN KEY ("oa_row_id") REFERENCES "public"."zalo_oas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_campaigns" ADD CONSTRAINT "zalo_campaigns_template_row_id_zalo_templates_id_fk" FOREIGN KEY ("template_row_id") REFERENCES "public"."zalo_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_campaigns" ADD CONSTRAINT "zalo_campaigns_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_conversations" ADD CONSTRAINT "zalo_conversations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_conversations" ADD CONSTRAINT "zalo_conversations_oa_row_id_zalo_oas_id_fk" FOREIGN KEY ("oa_row_id") REFERENCES "public"."zalo_oas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_followers" ADD CONSTRAINT "zalo_followers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_followers" ADD CONSTRAINT "zalo_followers_oa_row_id_zalo_oas_id_fk" FOREIGN KEY ("oa_row_id") REFERENCES "public"."zalo_oas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_followers" ADD CONSTRAINT "zalo_followers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_followers" ADD CONSTRAINT "zalo_followers_linked_by_accounts_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_messages" ADD CONSTRAINT "zalo_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_messages" ADD CONSTRAINT "zalo_messages_oa_row_id_zalo_oas_id_fk" FOREIGN KEY ("oa_row_id") REFERENCES "public"."zalo_oas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_messages" ADD CONSTRAINT "zalo_messages_conversation_id_zalo_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."zalo_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_messages" ADD CONSTRAINT "zalo_messages_template_row_id_zalo_templates_id_fk" FOREIGN KEY ("template_row_id") REFERENCES "public"."zalo_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_messages" ADD CONSTRAINT "zalo_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_messages" ADD CONSTRAINT "zalo_messages_sent_by_accounts_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oa_requests" ADD CONSTRAINT "zalo_oa_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oa_requests" ADD CONSTRAINT "zalo_oa_requests_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oas" ADD CONSTRAINT "zalo_oas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oas" ADD CONSTRAINT "zalo_oas_connection_id_provider_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."provider_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oas" ADD CONSTRAINT "zalo_oas_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oauth_states" ADD CONSTRAINT "zalo_oauth_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oauth_states" ADD CONSTRAINT "zalo_oauth_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_templates" ADD CONSTRAINT "zalo_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_templates" ADD CONSTRAINT "zalo_templates_oa_row_id_zalo_oas_id_fk" FOREIGN KEY ("oa_row_id") REFERENCES "public"."zalo_oas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_campaign_recipients_phone_key" ON "zalo_campaign_recipients" USING btree ("company_id","campaign_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_campaign_recipients_tracking_key" ON "zalo_campaign_recipients" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "zalo_campaign_recipients_status_idx" ON "zalo_campaign_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "zalo_campaigns_company_idx" ON "zalo_campaigns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_conversations_oa_user_key" ON "zalo_conversations" USING btree ("company_id","oa_row_id","user_id");--> statement-breakpoint
CREATE INDEX "zalo_conversations_recent_idx" ON "zalo_conversations" USING btree ("company_id","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_followers_oa_user_key" ON "zalo_followers" USING btree ("company_id","oa_row_id","user_id");--> statement-breakpoint
CREATE INDEX "zalo_followers_phone_idx" ON "zalo_followers" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "zalo_followers_customer_idx" ON "zalo_followers" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_messages_zalo_id_key" ON "zalo_messages" USING btree ("company_id","oa_row_id","zalo_msg_id") WHERE "zalo_messages"."zalo_msg_id" is not null;--> statement-breakpoint
CREATE INDEX "zalo_messages_conversation_idx" ON "zalo_messages" USING btree ("conversation_id","at");--> statement-breakpoint
CREATE INDEX "zalo_messages_company_kind_idx" ON "zalo_messages" USING btree ("company_id","kind","at");--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_oas_company_oa_key" ON "zalo_oas" USING btree ("company_id","oa_id");--> statement-breakpoint
CREATE INDEX "zalo_oas_oa_idx" ON "zalo_oas" USING btree ("oa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_templates_oa_template_key" ON "zalo_templates" USING btree ("company_id","oa_row_id","template_id");