-- Feed versions (docs/performance.md): establishments.feed_version goes up in the transaction of any
-- change to what a follower sees of its feed, so a cached feed page is checked against it on every
-- read. This file is the current definition of each function and trigger: applied after the
-- migrations at every start (CREATE OR REPLACE), so a change is made here, not in a new migration.
--> statement-breakpoint
-- Whichever code made the change (web, worker, scheduler, an admin's tool, a cascade). Bulk writes
-- bump once per statement (transition tables); updates only when a column the feed shows changed.
CREATE OR REPLACE FUNCTION feed_bump_for_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE establishments SET feed_version = feed_version + 1
   WHERE id IN (SELECT establishment_id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_feed_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_posts();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_feed_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_posts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_bump_for_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE establishments SET feed_version = feed_version + 1
   WHERE id IN (OLD.establishment_id, NEW.establishment_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Not on the fan-out's own updates (audience, cursor, status sending/done, completed_at, error).
CREATE OR REPLACE TRIGGER notifications_feed_update AFTER UPDATE ON notifications FOR EACH ROW
  WHEN (OLD.text IS DISTINCT FROM NEW.text OR OLD.media_id IS DISTINCT FROM NEW.media_id
    OR OLD.in_feed IS DISTINCT FROM NEW.in_feed OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.edited_at IS DISTINCT FROM NEW.edited_at OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.comments_enabled IS DISTINCT FROM NEW.comments_enabled
    OR OLD.author_id IS DISTINCT FROM NEW.author_id
    OR OLD.establishment_id IS DISTINCT FROM NEW.establishment_id
    OR (OLD.status = 'scheduled') IS DISTINCT FROM (NEW.status = 'scheduled'))
  EXECUTE FUNCTION feed_bump_for_post();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_bump_for_engagement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE establishments SET feed_version = feed_version + 1
   WHERE id IN (SELECT n.establishment_id FROM notifications n
                 WHERE n.id IN (SELECT notification_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_reactions_feed_insert AFTER INSERT ON post_reactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_engagement();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_reactions_feed_update AFTER UPDATE ON post_reactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_engagement();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_reactions_feed_delete AFTER DELETE ON post_reactions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_engagement();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_comments_feed_insert AFTER INSERT ON post_comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_engagement();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_comments_feed_update AFTER UPDATE ON post_comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_engagement();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_comments_feed_delete AFTER DELETE ON post_comments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_engagement();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_bump_own_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.feed_version := OLD.feed_version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- What each post's card shows of its establishment, and whether its feed is served at all.
CREATE OR REPLACE TRIGGER establishments_feed_update BEFORE UPDATE ON establishments FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.logo IS DISTINCT FROM NEW.logo
    OR OLD.public_id IS DISTINCT FROM NEW.public_id
    OR OLD.comments_enabled IS DISTINCT FROM NEW.comments_enabled
    OR OLD.blocked_at IS DISTINCT FROM NEW.blocked_at OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION feed_bump_own_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_bump_for_author() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE establishments SET feed_version = feed_version + 1
   WHERE id IN (SELECT establishment_id FROM notifications WHERE author_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A post's card names its author.
CREATE OR REPLACE TRIGGER users_feed_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION feed_bump_for_author();
--> statement-breakpoint
-- A post's card says "Pinned": pinning, replacing the pinned post and unpinning change
-- what the establishment's feed shows.
CREATE OR REPLACE TRIGGER pinned_posts_feed_insert AFTER INSERT ON pinned_posts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_posts();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pinned_posts_feed_update AFTER UPDATE ON pinned_posts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_posts();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pinned_posts_feed_delete AFTER DELETE ON pinned_posts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_bump_for_posts();
