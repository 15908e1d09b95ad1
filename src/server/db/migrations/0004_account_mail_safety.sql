CREATE TABLE "mail_quota" (
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_quota_address_kind_window_start_pk" PRIMARY KEY("address","kind","window_start")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "email" text;