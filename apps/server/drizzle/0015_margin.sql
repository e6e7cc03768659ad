CREATE TABLE "margin_loans" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"account" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	"interest_total" numeric(38, 18) NOT NULL,
	"hourly_rate" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "account" text DEFAULT 'spot' NOT NULL;--> statement-breakpoint
CREATE INDEX "margin_loans_user_idx" ON "margin_loans" USING btree ("user_id","account","id");