-- Report facts kept by the database itself (docs/reports.md "Why fact tables"): every write to orders,
-- order_lines or a customer's group or level updates report_order_facts and report_line_facts in the
-- same transaction, whichever path wrote it. Vietnam has no daylight saving: its day is UTC + 7 hours.
-- An order's SKU count is counted on its line facts (indexed by order), never on order_lines, whose
-- indexes a bulk load may have set aside (tests/bench/datagen/generate.ts withIndexesDeferred).
CREATE FUNCTION report_order_type(off_route boolean, visit_id uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN off_route THEN 'off_route' WHEN visit_id IS NOT NULL THEN 'visit' ELSE 'direct' END
$$;
--> statement-breakpoint
CREATE FUNCTION report_vn_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE 'UTC' + interval '7 hours')::date
$$;
--> statement-breakpoint
CREATE FUNCTION report_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_order_facts (order_id, company_id, day, account_id, customer_id, customer_type_id, level_id, province_code,
                                  status, payment_status, order_type, visit_id, total, sku_count)
  SELECT n.id, n.company_id, report_vn_day(n.created_at), n.account_id, n.customer_id, c.customer_type_id, c.level_id, n.province_code,
         n.status, n.payment_status, report_order_type(n.off_route, n.visit_id), n.visit_id, n.total, 0
  FROM report_new_orders n LEFT JOIN customers c ON c.id = n.customer_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_orders_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS report_new_orders FOR EACH STATEMENT EXECUTE FUNCTION report_orders_inserted();
--> statement-breakpoint
CREATE FUNCTION report_order_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  type_id integer;
  level integer;
BEGIN
  SELECT customer_type_id, level_id INTO type_id, level FROM customers WHERE id = NEW.customer_id;
  UPDATE report_order_facts SET day = report_vn_day(NEW.created_at), account_id = NEW.account_id, customer_id = NEW.customer_id,
         customer_type_id = type_id, level_id = level, province_code = NEW.province_code, status = NEW.status,
         payment_status = NEW.payment_status, order_type = report_order_type(NEW.off_route, NEW.visit_id), visit_id = NEW.visit_id,
         total = NEW.total
   WHERE order_id = NEW.id;
  UPDATE report_line_facts SET day = report_vn_day(NEW.created_at), account_id = NEW.account_id, customer_id = NEW.customer_id,
         customer_type_id = type_id, province_code = NEW.province_code, status = NEW.status
   WHERE order_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_order_updated AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.status, OLD.payment_status, OLD.account_id, OLD.customer_id, OLD.province_code, OLD.total, OLD.created_at, OLD.visit_id, OLD.off_route)
        IS DISTINCT FROM (NEW.status, NEW.payment_status, NEW.account_id, NEW.customer_id, NEW.province_code, NEW.total, NEW.created_at, NEW.visit_id, NEW.off_route))
  EXECUTE FUNCTION report_order_updated();
--> statement-breakpoint
CREATE FUNCTION report_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_line_facts (line_id, order_id, company_id, day, account_id, customer_id, customer_type_id, province_code, status,
                                 variant_id, quantity, revenue)
  SELECT l.id, l.order_id, l.company_id, f.day, f.account_id, f.customer_id, f.customer_type_id, f.province_code, f.status,
         l.variant_id, l.quantity::bigint * l.factor, l.line_total
  FROM report_new_lines l JOIN report_order_facts f ON f.order_id = l.order_id
  WHERE NOT l.is_gift;
  UPDATE report_order_facts f SET sku_count = (SELECT count(DISTINCT x.variant_id) FROM report_line_facts x WHERE x.order_id = f.order_id)
   WHERE f.order_id IN (SELECT DISTINCT order_id FROM report_new_lines);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_lines_inserted AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS report_new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_inserted();
--> statement-breakpoint
CREATE FUNCTION report_lines_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_order_facts f SET sku_count = (SELECT count(DISTINCT x.variant_id) FROM report_line_facts x WHERE x.order_id = f.order_id)
   WHERE f.order_id IN (SELECT DISTINCT order_id FROM report_old_lines);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_lines_deleted AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS report_old_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_deleted();
--> statement-breakpoint
CREATE FUNCTION report_line_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_line_facts WHERE line_id = NEW.id;
  INSERT INTO report_line_facts (line_id, order_id, company_id, day, account_id, customer_id, customer_type_id, province_code, status,
                                 variant_id, quantity, revenue)
  SELECT NEW.id, NEW.order_id, NEW.company_id, f.day, f.account_id, f.customer_id, f.customer_type_id, f.province_code, f.status,
         NEW.variant_id, NEW.quantity::bigint * NEW.factor, NEW.line_total
  FROM report_order_facts f WHERE f.order_id = NEW.order_id AND NOT NEW.is_gift;
  UPDATE report_order_facts f SET sku_count = (SELECT count(DISTINCT x.variant_id) FROM report_line_facts x WHERE x.order_id = f.order_id)
   WHERE f.order_id = NEW.order_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_line_updated AFTER UPDATE ON order_lines FOR EACH ROW
  WHEN ((OLD.variant_id, OLD.quantity, OLD.factor, OLD.line_total, OLD.is_gift, OLD.order_id)
        IS DISTINCT FROM (NEW.variant_id, NEW.quantity, NEW.factor, NEW.line_total, NEW.is_gift, NEW.order_id))
  EXECUTE FUNCTION report_line_updated();
--> statement-breakpoint
CREATE FUNCTION report_customer_regrouped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_order_facts SET customer_type_id = NEW.customer_type_id, level_id = NEW.level_id WHERE customer_id = NEW.id;
  UPDATE report_line_facts SET customer_type_id = NEW.customer_type_id WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_customer_regrouped AFTER UPDATE ON customers FOR EACH ROW
  WHEN ((OLD.customer_type_id, OLD.level_id) IS DISTINCT FROM (NEW.customer_type_id, NEW.level_id))
  EXECUTE FUNCTION report_customer_regrouped();
--> statement-breakpoint
-- Orders taken before the facts existed.
INSERT INTO report_order_facts (order_id, company_id, day, account_id, customer_id, customer_type_id, level_id, province_code,
                                status, payment_status, order_type, visit_id, total, sku_count)
SELECT o.id, o.company_id, report_vn_day(o.created_at), o.account_id, o.customer_id, c.customer_type_id, c.level_id, o.province_code,
       o.status, o.payment_status, report_order_type(o.off_route, o.visit_id), o.visit_id, o.total,
       (SELECT count(DISTINCT x.variant_id) FROM order_lines x WHERE x.order_id = o.id AND NOT x.is_gift)
FROM orders o LEFT JOIN customers c ON c.id = o.customer_id;
--> statement-breakpoint
INSERT INTO report_line_facts (line_id, order_id, company_id, day, account_id, customer_id, customer_type_id, province_code, status,
                               variant_id, quantity, revenue)
SELECT l.id, l.order_id, l.company_id, f.day, f.account_id, f.customer_id, f.customer_type_id, f.province_code, f.status,
       l.variant_id, l.quantity::bigint * l.factor, l.line_total
FROM order_lines l JOIN report_order_facts f ON f.order_id = l.order_id
WHERE NOT l.is_gift;
--> statement-breakpoint
-- Sales reps read their own figures in the reports (their role's data scope keeps them to their own).
UPDATE roles SET permissions = permissions || '{"reports": ["view"]}'::jsonb
 WHERE is_system = true AND name = 'Trình dược viên' AND NOT (permissions ? 'reports');
