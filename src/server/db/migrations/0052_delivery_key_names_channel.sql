ALTER TABLE "deliveries" RENAME COLUMN "subscription_id" TO "target_id";--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_notification_id_subscription_id_pk";--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_notification_id_channel_target_id_pk" PRIMARY KEY("notification_id","channel","target_id");