CREATE TABLE "projection_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"projection" text NOT NULL,
	"seq" bigint NOT NULL,
	"command_id" text NOT NULL,
	"command_type" text NOT NULL,
	"events" jsonb NOT NULL,
	"error" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"note" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "projection_failures_seq_uq" ON "projection_failures" USING btree ("projection","seq");--> statement-breakpoint
CREATE INDEX "projection_failures_status_idx" ON "projection_failures" USING btree ("status","seq");