ALTER TABLE "report_daily" ADD COLUMN "confirmed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The followers (a confirmed email) of today, for the establishment and for the platform: each one
-- on the local day of their follow. When earlier followers confirmed or left was not recorded, so the
-- days before this migration show today's confirmed followers by the day they followed.
INSERT INTO report_daily AS r (establishment_id, day, shard, confirmed)
SELECT scope, day, 0, count(*)::int
  FROM (
    SELECT unnest(ARRAY[m.establishment_id, '00000000-0000-0000-0000-000000000000'::uuid]) AS scope,
           (m.created_at AT TIME ZONE e.time_zone)::date AS day
      FROM memberships m
      JOIN users u ON u.id = m.user_id
      JOIN establishments e ON e.id = m.establishment_id
     WHERE m.kind = 'customer' AND u.email_verified AND e.deleted_at IS NULL
  ) confirmed
 GROUP BY scope, day
ON CONFLICT (establishment_id, day, shard) DO UPDATE SET confirmed = r.confirmed + excluded.confirmed;
--> statement-breakpoint
-- Establishments deleted before: their follows end on the day each was deleted (an unfollow each,
-- for the establishment and the platform), as the trigger report_establishment_deleted counts them
-- from now on, so the platform's followers are those of the live establishments.
INSERT INTO report_daily AS r (establishment_id, day, shard, unfollows)
SELECT scope, day, 0, count(*)::int
  FROM (
    SELECT unnest(ARRAY[m.establishment_id, '00000000-0000-0000-0000-000000000000'::uuid]) AS scope,
           (e.deleted_at AT TIME ZONE e.time_zone)::date AS day
      FROM memberships m
      JOIN establishments e ON e.id = m.establishment_id
     WHERE m.kind = 'customer' AND e.deleted_at IS NOT NULL
  ) ended
 GROUP BY scope, day
ON CONFLICT (establishment_id, day, shard) DO UPDATE SET unfollows = r.unfollows + excluded.unfollows;
--> statement-breakpoint
-- And they leave the funnel's cohorts they were counted in.
INSERT INTO report_funnel_daily AS r (establishment_id, day, source, shard, followers, verified, push_devices, email_on)
SELECT scope, day, source, 0, -count(*)::int, -(count(*) FILTER (WHERE verified))::int,
       -coalesce(sum(devices), 0)::int, -(count(*) FILTER (WHERE accepts_email))::int
  FROM (
    SELECT unnest(ARRAY[m.establishment_id, '00000000-0000-0000-0000-000000000000'::uuid]) AS scope,
           (m.created_at AT TIME ZONE e.time_zone)::date AS day, m.source, u.email_verified AS verified,
           (SELECT count(*) FROM push_subscriptions s WHERE s.user_id = m.user_id AND s.stale_since IS NULL) AS devices,
           coalesce(u.marketing_consent, false) AND u.email_bounced_at IS NULL
             AND m.notify IN ('auto', 'email', 'both') AS accepts_email
      FROM memberships m
      JOIN users u ON u.id = m.user_id
      JOIN establishments e ON e.id = m.establishment_id
     WHERE m.kind = 'customer' AND e.deleted_at IS NOT NULL
  ) ended
 GROUP BY scope, day, source
ON CONFLICT (establishment_id, day, source, shard) DO UPDATE SET
  followers = r.followers + excluded.followers,
  verified = r.verified + excluded.verified,
  push_devices = r.push_devices + excluded.push_devices,
  email_on = r.email_on + excluded.email_on;
