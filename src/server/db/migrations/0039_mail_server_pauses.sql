CREATE TABLE "mail_server_pauses" (
	"server" text PRIMARY KEY NOT NULL,
	"smtp_status" smallint,
	"detail" text DEFAULT '' NOT NULL,
	"failures" integer DEFAULT 1 NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"probe_after" timestamp with time zone NOT NULL
);
