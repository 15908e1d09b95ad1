ALTER TABLE "report_funnel_daily" ADD COLUMN "email_on" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The follows made before: each cohort's followers who accept its email now (consent, an address
-- that does not bounce, a choice with email), for the establishment and for the platform.
INSERT INTO report_funnel_daily AS r (establishment_id, day, source, shard, email_on)
SELECT scope, day, source, 0, count(*)::int
  FROM (
    SELECT unnest(ARRAY[m.establishment_id, '00000000-0000-0000-0000-000000000000'::uuid]) AS scope,
           (m.created_at AT TIME ZONE e.time_zone)::date AS day, m.source
      FROM memberships m
      JOIN users u ON u.id = m.user_id
      JOIN establishments e ON e.id = m.establishment_id
     WHERE m.kind = 'customer' AND u.marketing_consent AND u.email_bounced_at IS NULL
       AND m.notify IN ('auto', 'email', 'both')
  ) accepting
 GROUP BY scope, day, source
ON CONFLICT (establishment_id, day, source, shard) DO UPDATE SET email_on = r.email_on + excluded.email_on;
