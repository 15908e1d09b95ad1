DROP INDEX "deliveries_pending_idx";--> statement-breakpoint
CREATE INDEX "deliveries_pending_idx" ON "deliveries" USING btree ("notification_id","user_id") WHERE "deliveries"."outcome" = 'pending';