-- Up Migration

-- The forum schema (Posts, comments, upvotes, reports, help tickets, feature suggestions, attachments and community stats) starts with only the service kit's outbox;
-- each feature's tables arrive in the numbered migration of the change that introduces them.

-- Down Migration
