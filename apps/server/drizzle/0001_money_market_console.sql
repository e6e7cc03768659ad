CREATE TABLE "balance_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"account_type" text NOT NULL,
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
CREATE TABLE "market_coins" (
	"coin" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"coin_type" smallint DEFAULT 1 NOT NULL,
	"logo" text,
	"plate" text DEFAULT '' NOT NULL,
	"initial_price" numeric(38, 18) NOT NULL,
	"volatility" numeric(10, 6) NOT NULL,
	"sim_daily_turnover" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_klines" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric(38, 18) NOT NULL,
	"high" numeric(38, 18) NOT NULL,
	"low" numeric(38, 18) NOT NULL,
	"close" numeric(38, 18) NOT NULL,
	"volume" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"simulated" boolean NOT NULL,
	CONSTRAINT "market_klines_symbol_interval_time_pk" PRIMARY KEY("symbol","interval","time")
);
--> statement-breakpoint
CREATE TABLE "market_markets" (
	"symbol" text PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"quote" text NOT NULL,
	"market" text NOT NULL,
	"show_symbol" text NOT NULL,
	"customize_flag" smallint DEFAULT 1 NOT NULL,
	"price_decimals" smallint NOT NULL,
	"qty_decimals" smallint NOT NULL,
	"list_seconds" boolean DEFAULT true NOT NULL,
	"list_spot" boolean DEFAULT true NOT NULL,
	"list_contract" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_ticks" (
	"symbol" text NOT NULL,
	"time" bigint NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "market_ticks_symbol_time_pk" PRIMARY KEY("symbol","time")
);
--> statement-breakpoint
CREATE TABLE "market_watchlist" (
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_watchlist_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
CREATE TABLE "projection_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_addresses" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_addresses_chain_address_asset_pk" PRIMARY KEY("chain","address","asset")
);
--> statement-breakpoint
CREATE TABLE "wallet_assets" (
	"asset" text PRIMARY KEY NOT NULL,
	"sort" integer NOT NULL,
	"decimals" smallint NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_fee" numeric(38, 18) NOT NULL,
	"min_withdraw" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"networks" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_bills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"idx" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"account_type" text NOT NULL,
	"field" text NOT NULL,
	"delta" numeric(38, 18) NOT NULL,
	"balance" numeric(38, 18) NOT NULL,
	"bill_type" text NOT NULL,
	"command_id" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_idempotency" (
	"user_id" bigint NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_idempotency_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "wallet_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_recharges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"network" text,
	"source" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"screenshot" text,
	"remark" text,
	"reason" text,
	"chain" text,
	"txid" text,
	"vout" integer,
	"address" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer DEFAULT 0 NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"reviewer" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" text NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"status" smallint NOT NULL,
	"reason" text,
	"txid" text,
	"simulated" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"reviewer" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market_markets" ADD CONSTRAINT "market_markets_coin_market_coins_coin_fk" FOREIGN KEY ("coin") REFERENCES "public"."market_coins"("coin") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_status_idx" ON "balance_adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "balance_adjustments_user_idx" ON "balance_adjustments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "market_ticks_time_idx" ON "market_ticks" USING btree ("time");--> statement-breakpoint
CREATE INDEX "wallet_addresses_user_idx" ON "wallet_addresses" USING btree ("user_id","asset","network");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_bills_seq_uq" ON "wallet_bills" USING btree ("seq","idx");--> statement-breakpoint
CREATE INDEX "wallet_bills_user_idx" ON "wallet_bills" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_recharges_order_no_uq" ON "wallet_recharges" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_recharges_output_uq" ON "wallet_recharges" USING btree ("chain","txid","vout");--> statement-breakpoint
CREATE INDEX "wallet_recharges_user_idx" ON "wallet_recharges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_recharges_status_idx" ON "wallet_recharges" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "wallet_uploads_user_idx" ON "wallet_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawals_wid_uq" ON "wallet_withdrawals" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawals_order_no_uq" ON "wallet_withdrawals" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawals_idem_uq" ON "wallet_withdrawals" USING btree ("user_id","idempotency_key") WHERE "wallet_withdrawals"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_user_idx" ON "wallet_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_status_idx" ON "wallet_withdrawals" USING btree ("status","created_at");