-- A job that failed for a passing reason (a parsing service timing out) is queued again, but not claimed before
-- this time (epoch milliseconds), so retries back off. NULL: claimable at once.
ALTER TABLE jobs ADD COLUMN available_at INTEGER;
