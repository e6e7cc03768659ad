CREATE TABLE "contract_mark_klines" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric(38, 18) NOT NULL,
	"high" numeric(38, 18) NOT NULL,
	"low" numeric(38, 18) NOT NULL,
	"close" numeric(38, 18) NOT NULL,
	CONSTRAINT "contract_mark_klines_symbol_interval_time_pk" PRIMARY KEY("symbol","interval","time")
);
