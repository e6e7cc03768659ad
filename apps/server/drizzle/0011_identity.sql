CREATE TABLE "agents" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"granted_by" bigint NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"revoked_by" bigint,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"level" text NOT NULL,
	"status" smallint NOT NULL,
	"name" text,
	"country" text,
	"card_type" text,
	"id_number_enc" text,
	"id_number_hash" text,
	"id_number_last4" text,
	"front" text,
	"back" text,
	"hold" text,
	"reason" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"holder_name" text NOT NULL,
	"provider" text NOT NULL,
	"account_enc" text NOT NULL,
	"account_last4" text NOT NULL,
	"branch_name" text,
	"qr_code" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rebates" (
	"seq" bigint NOT NULL,
	"posting_idx" integer NOT NULL,
	"beneficiary_id" bigint NOT NULL,
	"payer_id" bigint NOT NULL,
	"generation" smallint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_rebates_seq_posting_idx_pk" PRIMARY KEY("seq","posting_idx")
);
--> statement-breakpoint
CREATE TABLE "user_bank_cards" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"card_no_enc" text NOT NULL,
	"card_no_last4" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_address" text,
	"swift_code" text,
	"branch_name" text,
	"home_address" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_grades" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"grade" text NOT NULL,
	"volume_30d" numeric(38, 18) NOT NULL,
	"balance" numeric(38, 18) NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","level","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_idx" ON "kyc_submissions" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_open_uq" ON "kyc_submissions" USING btree ("user_id","level") WHERE "kyc_submissions"."status" in (0, 1);--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_id_number_uq" ON "kyc_submissions" USING btree ("id_number_hash") WHERE "kyc_submissions"."level" = 'primary' and "kyc_submissions"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "referral_rebates_beneficiary_idx" ON "referral_rebates" USING btree ("beneficiary_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_rebates_pair_idx" ON "referral_rebates" USING btree ("beneficiary_id","payer_id");