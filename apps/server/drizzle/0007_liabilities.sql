CREATE TABLE "liability_leaves" (
	"snapshot_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"position" integer NOT NULL,
	"user_id" text NOT NULL,
	"balance" numeric(60, 0) NOT NULL,
	"leaf_hash" text NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_asset_position_pk" PRIMARY KEY("snapshot_id","asset","position")
);
--> statement-breakpoint
CREATE TABLE "liability_roots" (
	"snapshot_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"root_hash" text,
	"user_total" numeric(60, 0) NOT NULL,
	"system_total" numeric(60, 0) NOT NULL,
	"leaves" integer NOT NULL,
	CONSTRAINT "liability_roots_snapshot_id_asset_pk" PRIMARY KEY("snapshot_id","asset")
);
--> statement-breakpoint
CREATE TABLE "liability_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"core_seq" bigint NOT NULL,
	"state_hash" text NOT NULL,
	"salt_key" text NOT NULL,
	"requested_by" bigint,
	"users" integer NOT NULL,
	"system_accounts" jsonb NOT NULL,
	"reserves" jsonb,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_roots" ADD CONSTRAINT "liability_roots_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liability_leaves_user_idx" ON "liability_leaves" USING btree ("snapshot_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "liability_snapshots_daily_uq" ON "liability_snapshots" USING btree ("day") WHERE "liability_snapshots"."kind" = 'daily';--> statement-breakpoint
CREATE INDEX "liability_snapshots_taken_idx" ON "liability_snapshots" USING btree ("taken_at");