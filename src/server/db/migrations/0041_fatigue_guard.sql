CREATE TABLE "follower_rings" (
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"establishment_id" uuid NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follower_rings_user_id_notification_id_channel_pk" PRIMARY KEY("user_id","notification_id","channel")
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "notify_per_day" smallint;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "notify_per_week" smallint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;