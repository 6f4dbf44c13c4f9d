-- A recall's task to a rep (server/modules/notifications/recall-events.ts) opened the campaign's
-- page, which only the warehouse area may read: the rep it was meant for got "no access". The task
-- now opens the customer it is about; the ones already sent follow (subject_key is
-- recall:{campaign}:{customer}).
UPDATE "notifications" SET "link" = '/customers/' || split_part("subject_key", ':', 3)
  WHERE "kind" = 'recall_notice' AND "subject_key" LIKE 'recall:%:%';
