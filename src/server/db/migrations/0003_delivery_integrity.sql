CREATE TABLE "push_origin_pauses" (
	"origin" text NOT NULL,
	"vapid_public_key" text NOT NULL,
	"http_status" smallint NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"probe_after" timestamp with time zone NOT NULL,
	CONSTRAINT "push_origin_pauses_origin_vapid_public_key_pk" PRIMARY KEY("origin","vapid_public_key")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "welcome_due_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_idempotency_idx" ON "notifications" USING btree ("author_id","idempotency_key") WHERE "notifications"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_unfinished_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."status" IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "users_welcome_due_idx" ON "users" USING btree ("welcome_due_at") WHERE "users"."welcome_due_at" IS NOT NULL;