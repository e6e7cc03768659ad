CREATE TABLE "earn_loan_states" (
	"loan_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"interest_total" numeric(38, 18) NOT NULL,
	"repaid" numeric(38, 18) NOT NULL,
	"penalty_paid" numeric(38, 18) NOT NULL,
	"installments" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"seq" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"repay_way" text NOT NULL,
	"cycle_days" integer NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"overdue_rate" numeric(38, 18) NOT NULL,
	"front_image" text NOT NULL,
	"back_image" text NOT NULL,
	"holding_image" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fail_reason" text,
	"failure" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"product_id" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"cycle_days" integer NOT NULL,
	"lock_days" integer NOT NULL,
	"payout" text NOT NULL,
	"early_penalty_rate" numeric(38, 18) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"interest_total" numeric(38, 18) NOT NULL,
	"accrued_days" integer NOT NULL,
	"accrued" numeric(38, 18) NOT NULL,
	"paid" numeric(38, 18) NOT NULL,
	"penalty" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"address" text,
	"gas_asset" text,
	"gas_fee" numeric(38, 18),
	"closed_at" timestamp with time zone,
	"seq" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_pool_fundings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"decided_by" bigint,
	"decision_reason" text,
	"failure" text,
	"core_seq" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "earn_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pool_address" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_siwe_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "earn_wallet_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "earn_loans_user_idx" ON "earn_loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "earn_loans_status_idx" ON "earn_loans" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "earn_orders_user_idx" ON "earn_orders" USING btree ("user_id","kind","start_at");--> statement-breakpoint
CREATE INDEX "earn_pool_fundings_status_idx" ON "earn_pool_fundings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "earn_products_kind_idx" ON "earn_products" USING btree ("kind","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "earn_wallet_addresses_address_idx" ON "earn_wallet_addresses" USING btree ("address");--> statement-breakpoint
CREATE INDEX "earn_wallet_addresses_user_idx" ON "earn_wallet_addresses" USING btree ("user_id");