CREATE TABLE "delivery_batch_leases" (
	"notification_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"after_id" uuid NOT NULL,
	"upto" uuid NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_batch_leases_notification_id_channel_after_id_upto_pk" PRIMARY KEY("notification_id","channel","after_id","upto")
);
--> statement-breakpoint
ALTER TABLE "delivery_batch_leases" ADD CONSTRAINT "delivery_batch_leases_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;