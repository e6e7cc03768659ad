-- One bill row per command, user account and bill type (both fields' net changes and balances after the
-- command) instead of one per posting: the existing rows are merged the way the bills route grouped them.
ALTER TABLE "wallet_bills" ADD COLUMN "available_delta" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "wallet_bills" ADD COLUMN "available_balance" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "wallet_bills" ADD COLUMN "frozen_delta" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "wallet_bills" ADD COLUMN "frozen_balance" numeric(38, 18);--> statement-breakpoint
INSERT INTO "wallet_bills" ("seq", "idx", "user_id", "asset", "account_type", "field", "delta", "balance", "bill_type", "command_id", "ref", "created_at", "available_delta", "available_balance", "frozen_delta", "frozen_balance")
SELECT "seq", max("idx") + 1000000000, "user_id", "asset", "account_type", 'merged', 0, 0, "bill_type", min("command_id"), min("ref"), min("created_at"),
  sum("delta") FILTER (WHERE "field" = 'available'),
  (array_agg("balance" ORDER BY "idx" DESC) FILTER (WHERE "field" = 'available'))[1],
  sum("delta") FILTER (WHERE "field" = 'frozen'),
  (array_agg("balance" ORDER BY "idx" DESC) FILTER (WHERE "field" = 'frozen'))[1]
FROM "wallet_bills"
GROUP BY "seq", "user_id", "asset", "account_type", "bill_type";--> statement-breakpoint
DELETE FROM "wallet_bills" WHERE "field" <> 'merged';--> statement-breakpoint
UPDATE "wallet_bills" SET "idx" = "idx" - 1000000000;--> statement-breakpoint
ALTER TABLE "wallet_bills" DROP COLUMN "field";--> statement-breakpoint
ALTER TABLE "wallet_bills" DROP COLUMN "delta";--> statement-breakpoint
ALTER TABLE "wallet_bills" DROP COLUMN "balance";
