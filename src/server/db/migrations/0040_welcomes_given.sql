CREATE TABLE "welcomes_given" (
	"user_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "welcomes_given_user_id_establishment_id_pk" PRIMARY KEY("user_id","establishment_id")
);
--> statement-breakpoint
ALTER TABLE "welcomes_given" ADD CONSTRAINT "welcomes_given_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcomes_given" ADD CONSTRAINT "welcomes_given_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "welcomes_given" ("user_id", "establishment_id", "at")
  SELECT "user_id", "establishment_id", "welcomed_at" FROM "memberships" WHERE "welcomed_at" IS NOT NULL;
