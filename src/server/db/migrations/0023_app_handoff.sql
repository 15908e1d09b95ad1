CREATE TABLE "app_handoffs" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "handed_off_from" uuid;--> statement-breakpoint
ALTER TABLE "app_handoffs" ADD CONSTRAINT "app_handoffs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_handoffs_session_idx" ON "app_handoffs" USING btree ("session_id");