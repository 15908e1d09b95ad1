CREATE TABLE "email_complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"user_id" uuid,
	"message_key" text NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"complaints" integer NOT NULL,
	"emails" integer NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "inbound_webhook_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_complaints" ADD CONSTRAINT "email_complaints_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_complaints" ADD CONSTRAINT "email_complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_pauses" ADD CONSTRAINT "email_pauses_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_pauses" ADD CONSTRAINT "email_pauses_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_complaints_message_idx" ON "email_complaints" USING btree ("establishment_id","message_key");--> statement-breakpoint
CREATE INDEX "email_complaints_received_idx" ON "email_complaints" USING btree ("establishment_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_pauses_active_idx" ON "email_pauses" USING btree ("establishment_id") WHERE "email_pauses"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "email_pauses_lifted_idx" ON "email_pauses" USING btree ("establishment_id","lifted_at");--> statement-breakpoint
CREATE INDEX "inbound_webhook_tokens_seen_idx" ON "inbound_webhook_tokens" USING btree ("seen_at");