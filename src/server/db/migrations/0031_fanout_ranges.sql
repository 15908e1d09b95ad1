CREATE TABLE "notification_fanout_ranges" (
	"notification_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"after_user" uuid,
	"upto_user" uuid,
	"cursor" uuid,
	"done" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_fanout_ranges_notification_id_part_pk" PRIMARY KEY("notification_id","part")
);
--> statement-breakpoint
ALTER TABLE "notification_fanout_ranges" ADD CONSTRAINT "notification_fanout_ranges_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;