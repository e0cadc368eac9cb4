/** The queue connection moved into the service kit (jobs/queue-connection.ts); this keeps admin's imports working. */
export {
  QUEUE_SCHEMA,
  queueConnection,
  queueConnectionForSql,
  describeQueueConnection,
  backendArgs,
  explainQueueError,
  type QueueConnection,
  type BackendArgs,
} from '@wfm/service-kit';
