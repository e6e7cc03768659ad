CREATE TABLE "seconds_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"period_id" text NOT NULL,
	"duration_sec" integer NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"stake" numeric(38, 18) NOT NULL,
	"payout" numeric(38, 18) NOT NULL,
	"asset" text NOT NULL,
	"entry_tick_id" text NOT NULL,
	"entry_time" bigint NOT NULL,
	"entry_price" numeric(38, 18) NOT NULL,
	"entry_sources" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"status" text NOT NULL,
	"exit_tick_id" text,
	"exit_time" bigint,
	"exit_price" numeric(38, 18),
	"exit_sources" text,
	"profit" numeric(38, 18) NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seconds_risk_notices" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"country" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "seconds_orders_user_idx" ON "seconds_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "seconds_orders_user_status_idx" ON "seconds_orders" USING btree ("user_id","status","id");