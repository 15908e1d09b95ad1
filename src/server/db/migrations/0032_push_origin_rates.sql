CREATE TABLE "push_origin_rates" (
	"origin" text PRIMARY KEY NOT NULL,
	"window" bigint NOT NULL,
	"used" integer NOT NULL,
	"granted" integer NOT NULL
);
