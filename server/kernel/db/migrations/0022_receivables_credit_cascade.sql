ALTER TABLE "customer_credit" DROP CONSTRAINT "customer_credit_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_credit" ADD CONSTRAINT "customer_credit_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;