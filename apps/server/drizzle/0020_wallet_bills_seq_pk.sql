-- wallet_bills is keyed by (seq, idx), its unique index until now; the bigserial id, which no reader used,
-- goes (with its primary key and sequence): one index entry and one sequence step less per written row.
ALTER TABLE "wallet_bills" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "wallet_bills" ADD CONSTRAINT "wallet_bills_seq_idx_pk" PRIMARY KEY USING INDEX "wallet_bills_seq_uq";
