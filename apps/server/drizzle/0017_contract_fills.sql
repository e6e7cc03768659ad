CREATE TABLE "contract_fills" (
	"trade_id" text NOT NULL,
	"role" text NOT NULL,
	"seq" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" text NOT NULL,
	"symbol" text NOT NULL,
	"direction" smallint NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"pnl" numeric(38, 18) NOT NULL,
	"liquidation" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_fills_trade_id_role_pk" PRIMARY KEY("trade_id","role")
);
--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "trigger_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "trigger_type" text;--> statement-breakpoint
CREATE INDEX "contract_fills_user_idx" ON "contract_fills" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_fills_user_symbol_idx" ON "contract_fills" USING btree ("user_id","symbol","created_at");