-- More report facts (docs/reports.md "Why fact tables"): the product's category, brand and group on
-- each sold line's fact, so the products report groups a year of lines without joining them to the
-- catalogue (kept by the line triggers of 0025, rewritten here to fill them, and by triggers on
-- products and variants); and one row per check-in with its day, minutes and whether an order was
-- taken at it (report_visit_facts). Indexes come after the backfills.
CREATE TABLE "report_visit_facts" (
	"visit_id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"minutes" double precision,
	"with_order" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_line_facts" ADD COLUMN "category_id" integer;
--> statement-breakpoint
ALTER TABLE "report_line_facts" ADD COLUMN "brand_id" integer;
--> statement-breakpoint
ALTER TABLE "report_line_facts" ADD COLUMN "group_id" integer;
--> statement-breakpoint
ALTER TABLE "report_visit_facts" ADD CONSTRAINT "report_visit_facts_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "report_visit_facts" ADD CONSTRAINT "report_visit_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "report_line_facts_variant_idx";
--> statement-breakpoint
DROP INDEX "report_order_facts_customer_idx";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_line_facts (line_id, order_id, company_id, day, account_id, customer_id, customer_type_id, province_code, status,
                                 variant_id, category_id, brand_id, group_id, quantity, revenue)
  SELECT l.id, l.order_id, l.company_id, f.day, f.account_id, f.customer_id, f.customer_type_id, f.province_code, f.status,
         l.variant_id, p.category_id, p.brand_id, p.group_id, l.quantity::bigint * l.factor, l.line_total
  FROM report_new_lines l JOIN report_order_facts f ON f.order_id = l.order_id
  LEFT JOIN variants v ON v.id = l.variant_id LEFT JOIN products p ON p.id = v.product_id
  WHERE NOT l.is_gift;
  UPDATE report_order_facts f SET sku_count = (SELECT count(DISTINCT x.variant_id) FROM report_line_facts x WHERE x.order_id = f.order_id)
   WHERE f.order_id IN (SELECT DISTINCT order_id FROM report_new_lines);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_line_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_line_facts WHERE line_id = NEW.id;
  INSERT INTO report_line_facts (line_id, order_id, company_id, day, account_id, customer_id, customer_type_id, province_code, status,
                                 variant_id, category_id, brand_id, group_id, quantity, revenue)
  SELECT NEW.id, NEW.order_id, NEW.company_id, f.day, f.account_id, f.customer_id, f.customer_type_id, f.province_code, f.status,
         NEW.variant_id, p.category_id, p.brand_id, p.group_id, NEW.quantity::bigint * NEW.factor, NEW.line_total
  FROM report_order_facts f LEFT JOIN variants v ON v.id = NEW.variant_id LEFT JOIN products p ON p.id = v.product_id
  WHERE f.order_id = NEW.order_id AND NOT NEW.is_gift;
  UPDATE report_order_facts f SET sku_count = (SELECT count(DISTINCT x.variant_id) FROM report_line_facts x WHERE x.order_id = f.order_id)
   WHERE f.order_id = NEW.order_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A product moved to another category, brand or group moves its sales with it (like a customer's group).
CREATE FUNCTION report_product_regrouped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_line_facts SET category_id = NEW.category_id, brand_id = NEW.brand_id, group_id = NEW.group_id
   WHERE company_id = NEW.company_id AND variant_id IN (SELECT id FROM variants WHERE product_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_product_regrouped AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.category_id, OLD.brand_id, OLD.group_id) IS DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.group_id))
  EXECUTE FUNCTION report_product_regrouped();
--> statement-breakpoint
CREATE FUNCTION report_variant_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_line_facts l SET category_id = p.category_id, brand_id = p.brand_id, group_id = p.group_id
    FROM products p WHERE p.id = NEW.product_id AND l.company_id = NEW.company_id AND l.variant_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_variant_moved AFTER UPDATE ON variants FOR EACH ROW
  WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION report_variant_moved();
--> statement-breakpoint
-- Lines sold before the columns existed.
UPDATE report_line_facts l SET category_id = p.category_id, brand_id = p.brand_id, group_id = p.group_id
  FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = l.variant_id;
--> statement-breakpoint
-- Kept like the order facts (0025): by triggers on visits, and on report_order_facts for "an order was
-- taken at it". The taken statuses are TAKEN_STATUSES of contract/dashboard.ts.
CREATE FUNCTION report_visit_taken(visit uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM report_order_facts f WHERE f.visit_id = visit AND f.status IN ('pending', 'confirmed', 'delivering', 'completed'))
$$;
--> statement-breakpoint
CREATE FUNCTION report_visit_minutes(check_in timestamptz, check_out timestamptz) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT (extract(epoch FROM check_out - check_in) / 60)::double precision
$$;
--> statement-breakpoint
CREATE FUNCTION report_visits_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_visit_facts (visit_id, company_id, day, account_id, customer_id, minutes, with_order)
  SELECT n.id, n.company_id, report_vn_day(n.check_in_at), n.account_id, n.customer_id, report_visit_minutes(n.check_in_at, n.check_out_at),
         report_visit_taken(n.id)
  FROM report_new_visits n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_visits_inserted AFTER INSERT ON visits
  REFERENCING NEW TABLE AS report_new_visits FOR EACH STATEMENT EXECUTE FUNCTION report_visits_inserted();
--> statement-breakpoint
CREATE FUNCTION report_visit_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_visit_facts SET day = report_vn_day(NEW.check_in_at), account_id = NEW.account_id, customer_id = NEW.customer_id,
         minutes = report_visit_minutes(NEW.check_in_at, NEW.check_out_at)
   WHERE visit_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_visit_updated AFTER UPDATE ON visits FOR EACH ROW
  WHEN ((OLD.check_in_at, OLD.check_out_at, OLD.account_id, OLD.customer_id) IS DISTINCT FROM (NEW.check_in_at, NEW.check_out_at, NEW.account_id, NEW.customer_id))
  EXECUTE FUNCTION report_visit_updated();
--> statement-breakpoint
-- Order facts added or removed: the visits they name are looked at again (one function, the inserted
-- or deleted rows under one transition table name).
CREATE FUNCTION report_order_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_visit_facts vf SET with_order = report_visit_taken(vf.visit_id)
   WHERE vf.visit_id IN (SELECT DISTINCT visit_id FROM report_changed_order_facts WHERE visit_id IS NOT NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_order_facts_added AFTER INSERT ON report_order_facts
  REFERENCING NEW TABLE AS report_changed_order_facts FOR EACH STATEMENT EXECUTE FUNCTION report_order_facts_changed();
--> statement-breakpoint
CREATE TRIGGER report_order_facts_removed AFTER DELETE ON report_order_facts
  REFERENCING OLD TABLE AS report_changed_order_facts FOR EACH STATEMENT EXECUTE FUNCTION report_order_facts_changed();
--> statement-breakpoint
CREATE FUNCTION report_order_fact_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_visit_facts vf SET with_order = report_visit_taken(vf.visit_id) WHERE vf.visit_id IN (OLD.visit_id, NEW.visit_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_order_fact_moved AFTER UPDATE ON report_order_facts FOR EACH ROW
  WHEN ((OLD.visit_id, OLD.status) IS DISTINCT FROM (NEW.visit_id, NEW.status))
  EXECUTE FUNCTION report_order_fact_moved();
--> statement-breakpoint
-- Visits made before the facts existed.
INSERT INTO report_visit_facts (visit_id, company_id, day, account_id, customer_id, minutes, with_order)
SELECT v.id, v.company_id, report_vn_day(v.check_in_at), v.account_id, v.customer_id, report_visit_minutes(v.check_in_at, v.check_out_at),
       report_visit_taken(v.id)
FROM visits v;
--> statement-breakpoint
CREATE INDEX "report_visit_facts_day_idx" ON "report_visit_facts" USING btree ("company_id","day");
--> statement-breakpoint
CREATE INDEX "report_visit_facts_account_idx" ON "report_visit_facts" USING btree ("company_id","account_id","day");
--> statement-breakpoint
CREATE INDEX "report_line_facts_category_idx" ON "report_line_facts" USING btree ("company_id","category_id","order_id","day","status");
--> statement-breakpoint
CREATE INDEX "report_line_facts_brand_idx" ON "report_line_facts" USING btree ("company_id","brand_id","order_id","day","status");
--> statement-breakpoint
CREATE INDEX "report_line_facts_group_idx" ON "report_line_facts" USING btree ("company_id","group_id","order_id","day","status");
--> statement-breakpoint
CREATE INDEX "report_line_facts_variant_idx" ON "report_line_facts" USING btree ("company_id","variant_id","day","status","quantity","revenue");
--> statement-breakpoint
CREATE INDEX "report_order_facts_customer_idx" ON "report_order_facts" USING btree ("company_id","customer_id","day","status");
