-- Up Migration

-- The ama schema (AMA sessions, pricing, bookings, receipts and questions) starts with only the service kit's outbox;
-- each feature's tables arrive in the numbered migration of the change that introduces them.

-- Down Migration
