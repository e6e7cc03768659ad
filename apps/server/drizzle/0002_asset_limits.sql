ALTER TABLE "wallet_assets" ADD COLUMN "max_amount" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "wallet_assets" ADD COLUMN "dual_approval_above" numeric(38, 18);