CREATE TABLE "operator_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"operator_id" bigint,
	"from_role" text,
	"password_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"decided_by" bigint,
	"decision_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "approved_by" bigint;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "may_approve_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_recharges" ADD COLUMN "first_reviewer" text;--> statement-breakpoint
ALTER TABLE "wallet_recharges" ADD COLUMN "first_reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operator_requests_status_idx" ON "operator_requests" USING btree ("status","id");