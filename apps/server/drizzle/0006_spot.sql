CREATE TABLE "spot_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"price" numeric(38, 18),
	"quantity" numeric(38, 18),
	"quote_quantity" numeric(38, 18),
	"filled_qty" numeric(38, 18) NOT NULL,
	"filled_quote" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"fee_asset" text NOT NULL,
	"status" smallint NOT NULL,
	"cancel_reason" text,
	"client_order_id" text,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_trades" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"symbol" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"quote_qty" numeric(38, 18) NOT NULL,
	"taker_side" text NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"maker_user_id" bigint NOT NULL,
	"taker_user_id" bigint NOT NULL,
	"maker_fee" numeric(38, 18) NOT NULL,
	"taker_fee" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_markets" ADD COLUMN "min_qty" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "market_markets" ADD COLUMN "min_notional" numeric(38, 18);--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "spot_orders_user_symbol_idx" ON "spot_orders" USING btree ("user_id","symbol","id");--> statement-breakpoint
CREATE INDEX "spot_orders_user_status_idx" ON "spot_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "spot_trades_maker_order_idx" ON "spot_trades" USING btree ("maker_order_id");--> statement-breakpoint
CREATE INDEX "spot_trades_taker_order_idx" ON "spot_trades" USING btree ("taker_order_id");--> statement-breakpoint
CREATE INDEX "spot_trades_maker_user_idx" ON "spot_trades" USING btree ("maker_user_id","seq");--> statement-breakpoint
CREATE INDEX "spot_trades_taker_user_idx" ON "spot_trades" USING btree ("taker_user_id","seq");--> statement-breakpoint
CREATE INDEX "spot_trades_symbol_idx" ON "spot_trades" USING btree ("symbol","seq");--> statement-breakpoint
-- Spot needs every notional exact in USDT (6 decimals): price decimals + quantity decimals <= 6.
UPDATE "market_markets" SET "qty_decimals" = 6 - "price_decimals" WHERE "quote" = 'usdt' AND "price_decimals" <= 6 AND "price_decimals" + "qty_decimals" > 6;
