CREATE TABLE "session_retired_refresh" (
	"refresh_hash" text PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"retired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_retired_refresh_at_idx" ON "session_retired_refresh" USING btree ("retired_at");