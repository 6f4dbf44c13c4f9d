-- A job made ready wakes the job runners at once (server/kernel/jobs.ts listens on "jobs"): the
-- notification is sent when the transaction that enqueued the job commits, and not at all if it
-- rolls back, so a runner never looks for work that is not visible yet. Once per statement: a
-- campaign's 500 recipients in one insert are one notification, and PostgreSQL folds equal
-- notifications of one transaction into one.
CREATE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
--> statement-breakpoint
-- A job made ready again (a retry scheduled, a person's "send again") wakes them too.
CREATE TRIGGER jobs_notify_ready AFTER UPDATE OF state ON jobs FOR EACH ROW
  WHEN (NEW.state = 'ready' AND OLD.state IS DISTINCT FROM 'ready') EXECUTE FUNCTION jobs_notify();
