-- Files that ops carry (contract/files.ts, server/modules/files) and the photos taken at visits
-- (contract/visits.ts VisitPhotoAddSchema): the bytes live in FILES_DIR, these rows say whose they are.
CREATE TABLE "visit_photos" (
	"id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"visit_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"taken_at" timestamp with time zone,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_photos_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"attached_to" text,
	"attached_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_pkey" PRIMARY KEY("id","company_id")
);
--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_visit_id_visits_id_fk" FOREIGN KEY ("visit_id","company_id") REFERENCES "public"."visits"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_photos_company_visit_idx" ON "visit_photos" USING btree ("company_id","visit_id");--> statement-breakpoint
CREATE INDEX "visit_photos_company_created_idx" ON "visit_photos" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_unattached_idx" ON "stored_files" USING btree ("created_at") WHERE "stored_files"."attached_id" IS NULL;