CREATE TABLE "api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"label" text NOT NULL,
	"api_key" text NOT NULL,
	"secret" text NOT NULL,
	"can_read" boolean NOT NULL,
	"can_trade" boolean NOT NULL,
	"ip_allowlist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_security" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"totp_secret" text,
	"totp_bound_at" timestamp with time zone,
	"totp_last_step" bigint,
	"totp_pending_secret" text,
	"totp_pending_at" timestamp with time zone,
	"totp_failures" integer DEFAULT 0 NOT NULL,
	"totp_failures_since" timestamp with time zone,
	"anti_code" text,
	"withdraw_locked_until" timestamp with time zone,
	"withdraw_lock_reason" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_uq" ON "api_keys" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");