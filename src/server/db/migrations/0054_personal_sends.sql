ALTER TABLE "notifications" ADD COLUMN "source" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."recipient_id" IS NOT NULL;