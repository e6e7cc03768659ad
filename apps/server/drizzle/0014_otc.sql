CREATE TABLE "otc_ads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"side" text NOT NULL,
	"asset" text NOT NULL,
	"fiat" text NOT NULL,
	"price_type" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18),
	"amount" numeric(38, 18) NOT NULL,
	"remaining" numeric(38, 18) NOT NULL,
	"min_fiat" numeric(38, 18) NOT NULL,
	"max_fiat" numeric(38, 18) NOT NULL,
	"payment_ids" text NOT NULL,
	"payment_kinds" text NOT NULL,
	"time_limit_min" integer NOT NULL,
	"terms" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_appeals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"by_user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"decision" text,
	"decided_by" bigint,
	"approved_by" bigint,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otc_merchants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"nickname" text NOT NULL,
	"status" text NOT NULL,
	"deposit_asset" text,
	"deposit_amount" numeric(38, 18),
	"chat_key" text NOT NULL,
	"reject_reason" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_code" text NOT NULL,
	"ad_id" bigint NOT NULL,
	"merchant_id" bigint NOT NULL,
	"merchant_user_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"side" text NOT NULL,
	"asset" text NOT NULL,
	"fiat" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	"payment" text NOT NULL,
	"status" text NOT NULL,
	"deadline" bigint NOT NULL,
	"chat_key" text NOT NULL,
	"proof" text,
	"cancel_reason" text,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "otc_ads_market_idx" ON "otc_ads" USING btree ("status","side","asset","fiat");--> statement-breakpoint
CREATE INDEX "otc_ads_merchant_idx" ON "otc_ads" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_appeals_order_uq" ON "otc_appeals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "otc_appeals_status_idx" ON "otc_appeals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_merchants_user_uq" ON "otc_merchants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "otc_merchants_status_idx" ON "otc_merchants" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_orders_code_uq" ON "otc_orders" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "otc_orders_buyer_idx" ON "otc_orders" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "otc_orders_seller_idx" ON "otc_orders" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "otc_orders_status_idx" ON "otc_orders" USING btree ("status","deadline");