CREATE TABLE "operator_notice_sends" (
	"user_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_notice_sends_user_id_establishment_id_key_pk" PRIMARY KEY("user_id","establishment_id","key")
);
--> statement-breakpoint
CREATE TABLE "operator_notice_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cadence" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"actor_id" uuid,
	"context" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "operator_notice_sends" ADD CONSTRAINT "operator_notice_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notice_sends" ADD CONSTRAINT "operator_notice_sends_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notice_settings" ADD CONSTRAINT "operator_notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notices" ADD CONSTRAINT "operator_notices_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notices" ADD CONSTRAINT "operator_notices_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_notices_establishment_idx" ON "operator_notices" USING btree ("establishment_id","created_at");--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_parent_id_post_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_parent_idx" ON "post_comments" USING btree ("parent_id");