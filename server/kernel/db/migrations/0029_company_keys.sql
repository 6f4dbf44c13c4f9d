-- company_id in every key of the tables a company owns (docs/architecture.md "Past one database
-- server"): Citus distributes by company_id and needs it in each primary and unique key, and a
-- foreign key between distributed tables must join on it. Each primary key becomes (its columns,
-- company_id), each foreign key to one of these tables (column, company_id), so a row can no longer
-- point at another company's row. The key keeps its own columns first: lookups by id keep their
-- index. ON DELETE SET NULL names its column (PostgreSQL 15): nulling company_id too would break
-- the row's own key. Checked by server/kernel/db/company-keys.test.ts.
ALTER TABLE customer_credit DROP CONSTRAINT customer_credit_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE customers DROP CONSTRAINT customers_customer_type_id_customer_types_id_fk;
--> statement-breakpoint
ALTER TABLE customers DROP CONSTRAINT customers_level_id_customer_levels_id_fk;
--> statement-breakpoint
ALTER TABLE delivery_events DROP CONSTRAINT delivery_events_delivery_id_delivery_orders_id_fk;
--> statement-breakpoint
ALTER TABLE delivery_orders DROP CONSTRAINT delivery_orders_connection_id_provider_connections_id_fk;
--> statement-breakpoint
ALTER TABLE delivery_orders DROP CONSTRAINT delivery_orders_order_id_orders_id_fk;
--> statement-breakpoint
ALTER TABLE einvoice_files DROP CONSTRAINT einvoice_files_invoice_id_einvoices_id_fk;
--> statement-breakpoint
ALTER TABLE einvoice_orders DROP CONSTRAINT einvoice_orders_invoice_id_einvoices_id_fk;
--> statement-breakpoint
ALTER TABLE einvoice_orders DROP CONSTRAINT einvoice_orders_order_id_orders_id_fk;
--> statement-breakpoint
ALTER TABLE einvoices DROP CONSTRAINT einvoices_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE kpi_targets DROP CONSTRAINT kpi_targets_region_id_regions_id_fk;
--> statement-breakpoint
ALTER TABLE order_lines DROP CONSTRAINT order_lines_order_id_orders_id_fk;
--> statement-breakpoint
ALTER TABLE order_lines DROP CONSTRAINT order_lines_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE order_status_history DROP CONSTRAINT order_status_history_order_id_orders_id_fk;
--> statement-breakpoint
ALTER TABLE order_type_accounts DROP CONSTRAINT order_type_accounts_order_type_id_order_types_id_fk;
--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_group_id_order_groups_id_fk;
--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_order_type_id_order_types_id_fk;
--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_warehouse_id_warehouses_id_fk;
--> statement-breakpoint
ALTER TABLE payment_allocations DROP CONSTRAINT payment_allocations_order_id_orders_id_fk;
--> statement-breakpoint
ALTER TABLE payment_allocations DROP CONSTRAINT payment_allocations_payment_id_payments_id_fk;
--> statement-breakpoint
ALTER TABLE payments DROP CONSTRAINT payments_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE price_policies DROP CONSTRAINT price_policies_customer_type_id_customer_types_id_fk;
--> statement-breakpoint
ALTER TABLE price_policies DROP CONSTRAINT price_policies_level_id_customer_levels_id_fk;
--> statement-breakpoint
ALTER TABLE price_policy_items DROP CONSTRAINT price_policy_items_policy_id_price_policies_id_fk;
--> statement-breakpoint
ALTER TABLE price_policy_items DROP CONSTRAINT price_policy_items_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE product_images DROP CONSTRAINT product_images_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_brand_id_product_brands_id_fk;
--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_category_id_product_categories_id_fk;
--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_group_id_product_groups_id_fk;
--> statement-breakpoint
ALTER TABLE promotion_usages DROP CONSTRAINT promotion_usages_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE promotion_usages DROP CONSTRAINT promotion_usages_order_id_orders_id_fk;
--> statement-breakpoint
ALTER TABLE promotion_usages DROP CONSTRAINT promotion_usages_promotion_id_promotions_id_fk;
--> statement-breakpoint
ALTER TABLE receivable_entries DROP CONSTRAINT receivable_entries_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE receivable_entries DROP CONSTRAINT receivable_entries_order_id_orders_id_fk;
--> statement-breakpoint
ALTER TABLE receivable_entries DROP CONSTRAINT receivable_entries_payment_id_payments_id_fk;
--> statement-breakpoint
ALTER TABLE region_provinces DROP CONSTRAINT region_provinces_region_id_regions_id_fk;
--> statement-breakpoint
ALTER TABLE report_line_facts DROP CONSTRAINT report_line_facts_line_id_order_lines_id_fk;
--> statement-breakpoint
ALTER TABLE report_order_facts DROP CONSTRAINT report_order_facts_order_id_orders_id_fk;
--> statement-breakpoint
ALTER TABLE report_visit_facts DROP CONSTRAINT report_visit_facts_visit_id_visits_id_fk;
--> statement-breakpoint
ALTER TABLE role_requests DROP CONSTRAINT role_requests_membership_id_account_companies_id_fk;
--> statement-breakpoint
ALTER TABLE role_requests DROP CONSTRAINT role_requests_role_id_roles_id_fk;
--> statement-breakpoint
ALTER TABLE stock_count_sheets DROP CONSTRAINT stock_count_sheets_receipt_id_stock_receipts_id_fk;
--> statement-breakpoint
ALTER TABLE stock_levels DROP CONSTRAINT stock_levels_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE stock_levels DROP CONSTRAINT stock_levels_warehouse_id_warehouses_id_fk;
--> statement-breakpoint
ALTER TABLE stock_lot_balances DROP CONSTRAINT stock_lot_balances_lot_id_stock_lots_id_fk;
--> statement-breakpoint
ALTER TABLE stock_lot_balances DROP CONSTRAINT stock_lot_balances_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE stock_lot_balances DROP CONSTRAINT stock_lot_balances_warehouse_id_warehouses_id_fk;
--> statement-breakpoint
ALTER TABLE stock_lots DROP CONSTRAINT stock_lots_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_lot_id_stock_lots_id_fk;
--> statement-breakpoint
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_receipt_id_stock_receipts_id_fk;
--> statement-breakpoint
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_warehouse_id_warehouses_id_fk;
--> statement-breakpoint
ALTER TABLE stock_period_balances DROP CONSTRAINT stock_period_balances_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE stock_period_balances DROP CONSTRAINT stock_period_balances_warehouse_id_warehouses_id_fk;
--> statement-breakpoint
ALTER TABLE stock_receipt_history DROP CONSTRAINT stock_receipt_history_receipt_id_stock_receipts_id_fk;
--> statement-breakpoint
ALTER TABLE stock_receipt_lines DROP CONSTRAINT stock_receipt_lines_lot_id_stock_lots_id_fk;
--> statement-breakpoint
ALTER TABLE stock_receipt_lines DROP CONSTRAINT stock_receipt_lines_receipt_id_stock_receipts_id_fk;
--> statement-breakpoint
ALTER TABLE stock_receipt_lines DROP CONSTRAINT stock_receipt_lines_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE stock_receipts DROP CONSTRAINT stock_receipts_reason_id_transfer_reasons_id_fk;
--> statement-breakpoint
ALTER TABLE stock_receipts DROP CONSTRAINT stock_receipts_to_warehouse_id_warehouses_id_fk;
--> statement-breakpoint
ALTER TABLE stock_receipts DROP CONSTRAINT stock_receipts_warehouse_id_warehouses_id_fk;
--> statement-breakpoint
ALTER TABLE variant_units DROP CONSTRAINT variant_units_variant_id_variants_id_fk;
--> statement-breakpoint
ALTER TABLE variants DROP CONSTRAINT variants_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE visits DROP CONSTRAINT visits_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_campaign_recipients DROP CONSTRAINT zalo_campaign_recipients_campaign_id_zalo_campaigns_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_campaign_recipients DROP CONSTRAINT zalo_campaign_recipients_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_campaign_recipients DROP CONSTRAINT zalo_campaign_recipients_follower_id_zalo_followers_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_campaigns DROP CONSTRAINT zalo_campaigns_oa_row_id_zalo_oas_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_campaigns DROP CONSTRAINT zalo_campaigns_template_row_id_zalo_templates_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_conversations DROP CONSTRAINT zalo_conversations_oa_row_id_zalo_oas_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_followers DROP CONSTRAINT zalo_followers_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_followers DROP CONSTRAINT zalo_followers_oa_row_id_zalo_oas_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_messages DROP CONSTRAINT zalo_messages_conversation_id_zalo_conversations_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_messages DROP CONSTRAINT zalo_messages_customer_id_customers_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_messages DROP CONSTRAINT zalo_messages_oa_row_id_zalo_oas_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_messages DROP CONSTRAINT zalo_messages_template_row_id_zalo_templates_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_oas DROP CONSTRAINT zalo_oas_connection_id_provider_connections_id_fk;
--> statement-breakpoint
ALTER TABLE zalo_templates DROP CONSTRAINT zalo_templates_oa_row_id_zalo_oas_id_fk;
--> statement-breakpoint
ALTER TABLE account_companies DROP CONSTRAINT account_companies_pkey;
--> statement-breakpoint
ALTER TABLE accounting_batches DROP CONSTRAINT accounting_batches_pkey;
--> statement-breakpoint
ALTER TABLE accounting_syncs DROP CONSTRAINT accounting_syncs_pkey;
--> statement-breakpoint
ALTER TABLE company_bank_accounts DROP CONSTRAINT company_bank_accounts_pkey;
--> statement-breakpoint
ALTER TABLE customer_levels DROP CONSTRAINT customer_levels_pkey;
--> statement-breakpoint
ALTER TABLE customer_types DROP CONSTRAINT customer_types_pkey;
--> statement-breakpoint
ALTER TABLE customers DROP CONSTRAINT customers_pkey;
--> statement-breakpoint
ALTER TABLE delivery_events DROP CONSTRAINT delivery_events_pkey;
--> statement-breakpoint
ALTER TABLE delivery_orders DROP CONSTRAINT delivery_orders_pkey;
--> statement-breakpoint
ALTER TABLE einvoice_files DROP CONSTRAINT einvoice_files_invoice_id_kind_pk;
--> statement-breakpoint
ALTER TABLE einvoice_orders DROP CONSTRAINT einvoice_orders_invoice_id_order_id_pk;
--> statement-breakpoint
ALTER TABLE einvoices DROP CONSTRAINT einvoices_pkey;
--> statement-breakpoint
ALTER TABLE historical_sales DROP CONSTRAINT historical_sales_pkey;
--> statement-breakpoint
ALTER TABLE kpi_targets DROP CONSTRAINT kpi_targets_pkey;
--> statement-breakpoint
ALTER TABLE order_groups DROP CONSTRAINT order_groups_pkey;
--> statement-breakpoint
ALTER TABLE order_lines DROP CONSTRAINT order_lines_pkey;
--> statement-breakpoint
ALTER TABLE order_status_history DROP CONSTRAINT order_status_history_pkey;
--> statement-breakpoint
ALTER TABLE order_types DROP CONSTRAINT order_types_pkey;
--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_pkey;
--> statement-breakpoint
ALTER TABLE payment_allocations DROP CONSTRAINT payment_allocations_payment_id_order_id_pk;
--> statement-breakpoint
ALTER TABLE payments DROP CONSTRAINT payments_pkey;
--> statement-breakpoint
ALTER TABLE price_policies DROP CONSTRAINT price_policies_pkey;
--> statement-breakpoint
ALTER TABLE price_policy_items DROP CONSTRAINT price_policy_items_policy_id_variant_id_unit_pk;
--> statement-breakpoint
ALTER TABLE product_brands DROP CONSTRAINT product_brands_pkey;
--> statement-breakpoint
ALTER TABLE product_categories DROP CONSTRAINT product_categories_pkey;
--> statement-breakpoint
ALTER TABLE product_groups DROP CONSTRAINT product_groups_pkey;
--> statement-breakpoint
ALTER TABLE product_images DROP CONSTRAINT product_images_pkey;
--> statement-breakpoint
ALTER TABLE product_units DROP CONSTRAINT product_units_pkey;
--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_pkey;
--> statement-breakpoint
ALTER TABLE promotion_usages DROP CONSTRAINT promotion_usages_pkey;
--> statement-breakpoint
ALTER TABLE promotions DROP CONSTRAINT promotions_pkey;
--> statement-breakpoint
ALTER TABLE provider_connections DROP CONSTRAINT provider_connections_pkey;
--> statement-breakpoint
ALTER TABLE receivable_entries DROP CONSTRAINT receivable_entries_pkey;
--> statement-breakpoint
ALTER TABLE region_provinces DROP CONSTRAINT region_provinces_region_id_province_code_pk;
--> statement-breakpoint
ALTER TABLE regions DROP CONSTRAINT regions_pkey;
--> statement-breakpoint
ALTER TABLE report_line_facts DROP CONSTRAINT report_line_facts_pkey;
--> statement-breakpoint
ALTER TABLE report_order_facts DROP CONSTRAINT report_order_facts_pkey;
--> statement-breakpoint
ALTER TABLE report_visit_facts DROP CONSTRAINT report_visit_facts_pkey;
--> statement-breakpoint
ALTER TABLE role_requests DROP CONSTRAINT role_requests_pkey;
--> statement-breakpoint
ALTER TABLE roles DROP CONSTRAINT roles_pkey;
--> statement-breakpoint
ALTER TABLE stock_count_sheets DROP CONSTRAINT stock_count_sheets_pkey;
--> statement-breakpoint
ALTER TABLE stock_lots DROP CONSTRAINT stock_lots_pkey;
--> statement-breakpoint
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_pkey;
--> statement-breakpoint
ALTER TABLE stock_receipt_history DROP CONSTRAINT stock_receipt_history_pkey;
--> statement-breakpoint
ALTER TABLE stock_receipt_lines DROP CONSTRAINT stock_receipt_lines_pkey;
--> statement-breakpoint
ALTER TABLE stock_receipts DROP CONSTRAINT stock_receipts_pkey;
--> statement-breakpoint
ALTER TABLE transfer_reasons DROP CONSTRAINT transfer_reasons_pkey;
--> statement-breakpoint
ALTER TABLE variant_units DROP CONSTRAINT variant_units_pkey;
--> statement-breakpoint
ALTER TABLE variants DROP CONSTRAINT variants_pkey;
--> statement-breakpoint
ALTER TABLE visits DROP CONSTRAINT visits_pkey;
--> statement-breakpoint
ALTER TABLE warehouses DROP CONSTRAINT warehouses_pkey;
--> statement-breakpoint
ALTER TABLE zalo_campaign_recipients DROP CONSTRAINT zalo_campaign_recipients_pkey;
--> statement-breakpoint
ALTER TABLE zalo_campaigns DROP CONSTRAINT zalo_campaigns_pkey;
--> statement-breakpoint
ALTER TABLE zalo_conversations DROP CONSTRAINT zalo_conversations_pkey;
--> statement-breakpoint
ALTER TABLE zalo_followers DROP CONSTRAINT zalo_followers_pkey;
--> statement-breakpoint
ALTER TABLE zalo_messages DROP CONSTRAINT zalo_messages_pkey;
--> statement-breakpoint
ALTER TABLE zalo_oa_requests DROP CONSTRAINT zalo_oa_requests_pkey;
--> statement-breakpoint
ALTER TABLE zalo_oas DROP CONSTRAINT zalo_oas_pkey;
--> statement-breakpoint
ALTER TABLE zalo_oauth_states DROP CONSTRAINT zalo_oauth_states_pkey;
--> statement-breakpoint
ALTER TABLE zalo_templates DROP CONSTRAINT zalo_templates_pkey;
--> statement-breakpoint
ALTER TABLE account_companies ADD CONSTRAINT account_companies_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE accounting_batches ADD CONSTRAINT accounting_batches_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE accounting_syncs ADD CONSTRAINT accounting_syncs_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE company_bank_accounts ADD CONSTRAINT company_bank_accounts_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE customer_levels ADD CONSTRAINT customer_levels_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE customer_types ADD CONSTRAINT customer_types_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE delivery_events ADD CONSTRAINT delivery_events_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE delivery_orders ADD CONSTRAINT delivery_orders_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE einvoice_files ADD CONSTRAINT einvoice_files_pkey PRIMARY KEY (invoice_id, kind, company_id);
--> statement-breakpoint
ALTER TABLE einvoice_orders ADD CONSTRAINT einvoice_orders_pkey PRIMARY KEY (invoice_id, order_id, company_id);
--> statement-breakpoint
ALTER TABLE einvoices ADD CONSTRAINT einvoices_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE historical_sales ADD CONSTRAINT historical_sales_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE kpi_targets ADD CONSTRAINT kpi_targets_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE order_groups ADD CONSTRAINT order_groups_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE order_lines ADD CONSTRAINT order_lines_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE order_status_history ADD CONSTRAINT order_status_history_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE order_types ADD CONSTRAINT order_types_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE payment_allocations ADD CONSTRAINT payment_allocations_pkey PRIMARY KEY (payment_id, order_id, company_id);
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE price_policies ADD CONSTRAINT price_policies_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE price_policy_items ADD CONSTRAINT price_policy_items_pkey PRIMARY KEY (policy_id, variant_id, unit, company_id);
--> statement-breakpoint
ALTER TABLE product_brands ADD CONSTRAINT product_brands_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE product_categories ADD CONSTRAINT product_categories_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE product_groups ADD CONSTRAINT product_groups_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE product_images ADD CONSTRAINT product_images_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE product_units ADD CONSTRAINT product_units_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE promotion_usages ADD CONSTRAINT promotion_usages_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE promotions ADD CONSTRAINT promotions_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE provider_connections ADD CONSTRAINT provider_connections_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE receivable_entries ADD CONSTRAINT receivable_entries_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE region_provinces ADD CONSTRAINT region_provinces_pkey PRIMARY KEY (region_id, province_code, company_id);
--> statement-breakpoint
ALTER TABLE regions ADD CONSTRAINT regions_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE report_line_facts ADD CONSTRAINT report_line_facts_pkey PRIMARY KEY (line_id, company_id);
--> statement-breakpoint
ALTER TABLE report_order_facts ADD CONSTRAINT report_order_facts_pkey PRIMARY KEY (order_id, company_id);
--> statement-breakpoint
ALTER TABLE report_visit_facts ADD CONSTRAINT report_visit_facts_pkey PRIMARY KEY (visit_id, company_id);
--> statement-breakpoint
ALTER TABLE role_requests ADD CONSTRAINT role_requests_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE roles ADD CONSTRAINT roles_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_count_sheets ADD CONSTRAINT stock_count_sheets_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_lots ADD CONSTRAINT stock_lots_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_receipt_history ADD CONSTRAINT stock_receipt_history_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_receipt_lines ADD CONSTRAINT stock_receipt_lines_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_receipts ADD CONSTRAINT stock_receipts_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE transfer_reasons ADD CONSTRAINT transfer_reasons_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE variant_units ADD CONSTRAINT variant_units_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE variants ADD CONSTRAINT variants_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE visits ADD CONSTRAINT visits_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE warehouses ADD CONSTRAINT warehouses_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_campaign_recipients ADD CONSTRAINT zalo_campaign_recipients_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_campaigns ADD CONSTRAINT zalo_campaigns_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_conversations ADD CONSTRAINT zalo_conversations_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_followers ADD CONSTRAINT zalo_followers_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_messages ADD CONSTRAINT zalo_messages_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_oa_requests ADD CONSTRAINT zalo_oa_requests_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_oas ADD CONSTRAINT zalo_oas_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_oauth_states ADD CONSTRAINT zalo_oauth_states_pkey PRIMARY KEY (state, company_id);
--> statement-breakpoint
ALTER TABLE zalo_templates ADD CONSTRAINT zalo_templates_pkey PRIMARY KEY (id, company_id);
--> statement-breakpoint
ALTER TABLE customer_credit ADD CONSTRAINT customer_credit_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE customers ADD CONSTRAINT customers_customer_type_id_customer_types_id_fk FOREIGN KEY (customer_type_id, company_id) REFERENCES customer_types (id, company_id);
--> statement-breakpoint
ALTER TABLE customers ADD CONSTRAINT customers_level_id_customer_levels_id_fk FOREIGN KEY (level_id, company_id) REFERENCES customer_levels (id, company_id);
--> statement-breakpoint
ALTER TABLE delivery_events ADD CONSTRAINT delivery_events_delivery_id_delivery_orders_id_fk FOREIGN KEY (delivery_id, company_id) REFERENCES delivery_orders (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE delivery_orders ADD CONSTRAINT delivery_orders_connection_id_provider_connections_id_fk FOREIGN KEY (connection_id, company_id) REFERENCES provider_connections (id, company_id) ON DELETE SET NULL (connection_id);
--> statement-breakpoint
ALTER TABLE delivery_orders ADD CONSTRAINT delivery_orders_order_id_orders_id_fk FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id);
--> statement-breakpoint
ALTER TABLE einvoice_files ADD CONSTRAINT einvoice_files_invoice_id_einvoices_id_fk FOREIGN KEY (invoice_id, company_id) REFERENCES einvoices (id, company_id);
--> statement-breakpoint
ALTER TABLE einvoice_orders ADD CONSTRAINT einvoice_orders_invoice_id_einvoices_id_fk FOREIGN KEY (invoice_id, company_id) REFERENCES einvoices (id, company_id);
--> statement-breakpoint
ALTER TABLE einvoice_orders ADD CONSTRAINT einvoice_orders_order_id_orders_id_fk FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id);
--> statement-breakpoint
ALTER TABLE einvoices ADD CONSTRAINT einvoices_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id);
--> statement-breakpoint
ALTER TABLE kpi_targets ADD CONSTRAINT kpi_targets_region_id_regions_id_fk FOREIGN KEY (region_id, company_id) REFERENCES regions (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE order_lines ADD CONSTRAINT order_lines_order_id_orders_id_fk FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE order_lines ADD CONSTRAINT order_lines_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id);
--> statement-breakpoint
ALTER TABLE order_status_history ADD CONSTRAINT order_status_history_order_id_orders_id_fk FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE order_type_accounts ADD CONSTRAINT order_type_accounts_order_type_id_order_types_id_fk FOREIGN KEY (order_type_id, company_id) REFERENCES order_types (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id);
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_group_id_order_groups_id_fk FOREIGN KEY (group_id, company_id) REFERENCES order_groups (id, company_id);
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_order_type_id_order_types_id_fk FOREIGN KEY (order_type_id, company_id) REFERENCES order_types (id, company_id);
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_warehouse_id_warehouses_id_fk FOREIGN KEY (warehouse_id, company_id) REFERENCES warehouses (id, company_id);
--> statement-breakpoint
ALTER TABLE payment_allocations ADD CONSTRAINT payment_allocations_order_id_orders_id_fk FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id);
--> statement-breakpoint
ALTER TABLE payment_allocations ADD CONSTRAINT payment_allocations_payment_id_payments_id_fk FOREIGN KEY (payment_id, company_id) REFERENCES payments (id, company_id);
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id);
--> statement-breakpoint
ALTER TABLE price_policies ADD CONSTRAINT price_policies_customer_type_id_customer_types_id_fk FOREIGN KEY (customer_type_id, company_id) REFERENCES customer_types (id, company_id);
--> statement-breakpoint
ALTER TABLE price_policies ADD CONSTRAINT price_policies_level_id_customer_levels_id_fk FOREIGN KEY (level_id, company_id) REFERENCES customer_levels (id, company_id);
--> statement-breakpoint
ALTER TABLE price_policy_items ADD CONSTRAINT price_policy_items_policy_id_price_policies_id_fk FOREIGN KEY (policy_id, company_id) REFERENCES price_policies (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE price_policy_items ADD CONSTRAINT price_policy_items_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id);
--> statement-breakpoint
ALTER TABLE product_images ADD CONSTRAINT product_images_product_id_products_id_fk FOREIGN KEY (product_id, company_id) REFERENCES products (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_brand_id_product_brands_id_fk FOREIGN KEY (brand_id, company_id) REFERENCES product_brands (id, company_id);
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_category_id_product_categories_id_fk FOREIGN KEY (category_id, company_id) REFERENCES product_categories (id, company_id);
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_group_id_product_groups_id_fk FOREIGN KEY (group_id, company_id) REFERENCES product_groups (id, company_id);
--> statement-breakpoint
ALTER TABLE promotion_usages ADD CONSTRAINT promotion_usages_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id);
--> statement-breakpoint
ALTER TABLE promotion_usages ADD CONSTRAINT promotion_usages_order_id_orders_id_fk FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE promotion_usages ADD CONSTRAINT promotion_usages_promotion_id_promotions_id_fk FOREIGN KEY (promotion_id, company_id) REFERENCES promotions (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE receivable_entries ADD CONSTRAINT receivable_entries_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id);
--> statement-breakpoint
ALTER TABLE receivable_entries ADD CONSTRAINT receivable_entries_order_id_orders_id_fk FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id);
--> statement-breakpoint
ALTER TABLE receivable_entries ADD CONSTRAINT receivable_entries_payment_id_payments_id_fk FOREIGN KEY (payment_id, company_id) REFERENCES payments (id, company_id);
--> statement-breakpoint
ALTER TABLE region_provinces ADD CONSTRAINT region_provinces_region_id_regions_id_fk FOREIGN KEY (region_id, company_id) REFERENCES regions (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE report_line_facts ADD CONSTRAINT report_line_facts_line_id_order_lines_id_fk FOREIGN KEY (line_id, company_id) REFERENCES order_lines (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE report_order_facts ADD CONSTRAINT report_order_facts_order_id_orders_id_fk FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE report_visit_facts ADD CONSTRAINT report_visit_facts_visit_id_visits_id_fk FOREIGN KEY (visit_id, company_id) REFERENCES visits (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE role_requests ADD CONSTRAINT role_requests_membership_id_account_companies_id_fk FOREIGN KEY (membership_id, company_id) REFERENCES account_companies (id, company_id);
--> statement-breakpoint
ALTER TABLE role_requests ADD CONSTRAINT role_requests_role_id_roles_id_fk FOREIGN KEY (role_id, company_id) REFERENCES roles (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_count_sheets ADD CONSTRAINT stock_count_sheets_receipt_id_stock_receipts_id_fk FOREIGN KEY (receipt_id, company_id) REFERENCES stock_receipts (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE stock_levels ADD CONSTRAINT stock_levels_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_levels ADD CONSTRAINT stock_levels_warehouse_id_warehouses_id_fk FOREIGN KEY (warehouse_id, company_id) REFERENCES warehouses (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_lot_balances ADD CONSTRAINT stock_lot_balances_lot_id_stock_lots_id_fk FOREIGN KEY (lot_id, company_id) REFERENCES stock_lots (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_lot_balances ADD CONSTRAINT stock_lot_balances_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_lot_balances ADD CONSTRAINT stock_lot_balances_warehouse_id_warehouses_id_fk FOREIGN KEY (warehouse_id, company_id) REFERENCES warehouses (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_lots ADD CONSTRAINT stock_lots_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_lot_id_stock_lots_id_fk FOREIGN KEY (lot_id, company_id) REFERENCES stock_lots (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_receipt_id_stock_receipts_id_fk FOREIGN KEY (receipt_id, company_id) REFERENCES stock_receipts (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_warehouse_id_warehouses_id_fk FOREIGN KEY (warehouse_id, company_id) REFERENCES warehouses (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_period_balances ADD CONSTRAINT stock_period_balances_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_period_balances ADD CONSTRAINT stock_period_balances_warehouse_id_warehouses_id_fk FOREIGN KEY (warehouse_id, company_id) REFERENCES warehouses (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_receipt_history ADD CONSTRAINT stock_receipt_history_receipt_id_stock_receipts_id_fk FOREIGN KEY (receipt_id, company_id) REFERENCES stock_receipts (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE stock_receipt_lines ADD CONSTRAINT stock_receipt_lines_lot_id_stock_lots_id_fk FOREIGN KEY (lot_id, company_id) REFERENCES stock_lots (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_receipt_lines ADD CONSTRAINT stock_receipt_lines_receipt_id_stock_receipts_id_fk FOREIGN KEY (receipt_id, company_id) REFERENCES stock_receipts (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE stock_receipt_lines ADD CONSTRAINT stock_receipt_lines_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_receipts ADD CONSTRAINT stock_receipts_reason_id_transfer_reasons_id_fk FOREIGN KEY (reason_id, company_id) REFERENCES transfer_reasons (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_receipts ADD CONSTRAINT stock_receipts_to_warehouse_id_warehouses_id_fk FOREIGN KEY (to_warehouse_id, company_id) REFERENCES warehouses (id, company_id);
--> statement-breakpoint
ALTER TABLE stock_receipts ADD CONSTRAINT stock_receipts_warehouse_id_warehouses_id_fk FOREIGN KEY (warehouse_id, company_id) REFERENCES warehouses (id, company_id);
--> statement-breakpoint
ALTER TABLE variant_units ADD CONSTRAINT variant_units_variant_id_variants_id_fk FOREIGN KEY (variant_id, company_id) REFERENCES variants (id, company_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE variants ADD CONSTRAINT variants_product_id_products_id_fk FOREIGN KEY (product_id, company_id) REFERENCES products (id, company_id);
--> statement-breakpoint
ALTER TABLE visits ADD CONSTRAINT visits_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_campaign_recipients ADD CONSTRAINT zalo_campaign_recipients_campaign_id_zalo_campaigns_id_fk FOREIGN KEY (campaign_id, company_id) REFERENCES zalo_campaigns (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_campaign_recipients ADD CONSTRAINT zalo_campaign_recipients_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id) ON DELETE SET NULL (customer_id);
--> statement-breakpoint
ALTER TABLE zalo_campaign_recipients ADD CONSTRAINT zalo_campaign_recipients_follower_id_zalo_followers_id_fk FOREIGN KEY (follower_id, company_id) REFERENCES zalo_followers (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_campaigns ADD CONSTRAINT zalo_campaigns_oa_row_id_zalo_oas_id_fk FOREIGN KEY (oa_row_id, company_id) REFERENCES zalo_oas (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_campaigns ADD CONSTRAINT zalo_campaigns_template_row_id_zalo_templates_id_fk FOREIGN KEY (template_row_id, company_id) REFERENCES zalo_templates (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_conversations ADD CONSTRAINT zalo_conversations_oa_row_id_zalo_oas_id_fk FOREIGN KEY (oa_row_id, company_id) REFERENCES zalo_oas (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_followers ADD CONSTRAINT zalo_followers_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id) ON DELETE SET NULL (customer_id);
--> statement-breakpoint
ALTER TABLE zalo_followers ADD CONSTRAINT zalo_followers_oa_row_id_zalo_oas_id_fk FOREIGN KEY (oa_row_id, company_id) REFERENCES zalo_oas (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_messages ADD CONSTRAINT zalo_messages_conversation_id_zalo_conversations_id_fk FOREIGN KEY (conversation_id, company_id) REFERENCES zalo_conversations (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_messages ADD CONSTRAINT zalo_messages_customer_id_customers_id_fk FOREIGN KEY (customer_id, company_id) REFERENCES customers (id, company_id) ON DELETE SET NULL (customer_id);
--> statement-breakpoint
ALTER TABLE zalo_messages ADD CONSTRAINT zalo_messages_oa_row_id_zalo_oas_id_fk FOREIGN KEY (oa_row_id, company_id) REFERENCES zalo_oas (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_messages ADD CONSTRAINT zalo_messages_template_row_id_zalo_templates_id_fk FOREIGN KEY (template_row_id, company_id) REFERENCES zalo_templates (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_oas ADD CONSTRAINT zalo_oas_connection_id_provider_connections_id_fk FOREIGN KEY (connection_id, company_id) REFERENCES provider_connections (id, company_id);
--> statement-breakpoint
ALTER TABLE zalo_templates ADD CONSTRAINT zalo_templates_oa_row_id_zalo_oas_id_fk FOREIGN KEY (oa_row_id, company_id) REFERENCES zalo_oas (id, company_id);
--> statement-breakpoint
DROP INDEX "variant_units_variant_unit_key";
--> statement-breakpoint
DROP INDEX "promotion_usages_promotion_order_key";
--> statement-breakpoint
DROP INDEX "zalo_campaign_recipients_tracking_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "variant_units_variant_unit_key" ON "variant_units" USING btree ("variant_id",lower("unit"),"company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_usages_promotion_order_key" ON "promotion_usages" USING btree ("promotion_id","order_id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_campaign_recipients_tracking_key" ON "zalo_campaign_recipients" USING btree ("tracking_id","company_id");
