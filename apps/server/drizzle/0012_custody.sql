CREATE TABLE "custody_blocks" (
	"chain" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "custody_blocks_chain_number_pk" PRIMARY KEY("chain","number")
);
--> statement-breakpoint
CREATE TABLE "custody_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custody_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"address" text NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"value" text NOT NULL,
	"status" text NOT NULL,
	"sweep_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custody_nonces" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "custody_nonces_chain_address_pk" PRIMARY KEY("chain","address")
);
--> statement-breakpoint
CREATE TABLE "custody_sweeps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"asset" text NOT NULL,
	"status" text NOT NULL,
	"topup_tx_id" bigint,
	"sweep_tx_id" bigint,
	"value" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custody_tx_attempts" (
	"tx_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"raw" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "custody_tx_attempts_tx_id_attempt_pk" PRIMARY KEY("tx_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "custody_txs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"signer" text NOT NULL,
	"from_address" text NOT NULL,
	"recipient" text NOT NULL,
	"asset" text NOT NULL,
	"value" text NOT NULL,
	"nonce" bigint,
	"gas_limit" text,
	"status" text NOT NULL,
	"tx_hash" text,
	"mined_block" bigint,
	"gas_cost" text,
	"sent_at_block" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "custody_deposits_output_uq" ON "custody_deposits" USING btree ("chain","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "custody_deposits_status_idx" ON "custody_deposits" USING btree ("chain","status");--> statement-breakpoint
CREATE INDEX "custody_sweeps_status_idx" ON "custody_sweeps" USING btree ("chain","status");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_tx_attempts_hash_uq" ON "custody_tx_attempts" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_txs_ref_uq" ON "custody_txs" USING btree ("chain","kind","ref");--> statement-breakpoint
CREATE INDEX "custody_txs_status_idx" ON "custody_txs" USING btree ("chain","status");