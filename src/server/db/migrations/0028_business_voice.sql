CREATE TABLE "comment_mutes" (
	"establishment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"muted_by_id" uuid,
	"muted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_mutes_establishment_id_user_id_pk" PRIMARY KEY("establishment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "operator_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"language" text DEFAULT 'en' NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" uuid,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pinned_posts" (
	"establishment_id" uuid PRIMARY KEY NOT NULL,
	"notification_id" uuid NOT NULL,
	"pinned_by_id" uuid,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "as_business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "hidden_by_id" uuid;--> statement-breakpoint
ALTER TABLE "comment_mutes" ADD CONSTRAINT "comment_mutes_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mutes" ADD CONSTRAINT "comment_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mutes" ADD CONSTRAINT "comment_mutes_muted_by_id_users_id_fk" FOREIGN KEY ("muted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_invitations" ADD CONSTRAINT "operator_invitations_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_invitations" ADD CONSTRAINT "operator_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_invitations" ADD CONSTRAINT "operator_invitations_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_posts" ADD CONSTRAINT "pinned_posts_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_posts" ADD CONSTRAINT "pinned_posts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_posts" ADD CONSTRAINT "pinned_posts_pinned_by_id_users_id_fk" FOREIGN KEY ("pinned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_invitations_token_idx" ON "operator_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_invitations_establishment_idx" ON "operator_invitations" USING btree ("establishment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pinned_posts_notification_idx" ON "pinned_posts" USING btree ("notification_id");--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_hidden_by_id_users_id_fk" FOREIGN KEY ("hidden_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;