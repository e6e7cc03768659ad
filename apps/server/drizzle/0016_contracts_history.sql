CREATE TABLE "contract_funding" (
	"seq" bigint NOT NULL,
	"position_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"mark" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"funding_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_funding_seq_position_id_pk" PRIMARY KEY("seq","position_id")
);
--> statement-breakpoint
CREATE TABLE "contract_liquidations" (
	"seq" bigint NOT NULL,
	"position_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"tick_id" text NOT NULL,
	"mark" numeric(38, 18) NOT NULL,
	"bankruptcy_price" numeric(38, 18) NOT NULL,
	"book_qty" numeric(38, 18) NOT NULL,
	"adl_qty" numeric(38, 18) NOT NULL,
	"insurance" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_liquidations_seq_position_id_pk" PRIMARY KEY("seq","position_id")
);
--> statement-breakpoint
CREATE TABLE "contract_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"direction" smallint NOT NULL,
	"order_type" text NOT NULL,
	"price" numeric(38, 18),
	"quantity" numeric(38, 18) NOT NULL,
	"filled_qty" numeric(38, 18) NOT NULL,
	"filled_value" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"profit" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"status" smallint NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_positions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"mode" text NOT NULL,
	"leverage" integer NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"max_qty" numeric(38, 18) NOT NULL,
	"avg_price" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"realized_pnl" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"tick_id" text,
	"close_mark" numeric(38, 18),
	"bankruptcy_price" numeric(38, 18),
	"seq" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_trades" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"symbol" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"taker_side" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contract_funding_user_idx" ON "contract_funding" USING btree ("user_id","funding_at");--> statement-breakpoint
CREATE INDEX "contract_liquidations_time_idx" ON "contract_liquidations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contract_orders_user_idx" ON "contract_orders" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "contract_positions_user_idx" ON "contract_positions" USING btree ("user_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "contract_trades_symbol_idx" ON "contract_trades" USING btree ("symbol","created_at");