export {
  QUEUE_SCHEMA,
  queueConnection,
  queueConnectionForSql,
  describeQueueConnection,
  backendArgs,
  explainQueueError,
  type QueueConnection,
  type BackendArgs,
} from './queue-connection.ts';
export {
  startJobRunner,
  SERVICE_JOB_OPTIONS,
  type JobContext,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
  type RepeatableJob,
  type ServiceJobs,
} from './job-runner.ts';
export { startServiceJobs, type ServiceJobsHandle } from './service-jobs.ts';
export {
  JOB_QUEUE_STATES,
  registerJobQueueMetrics,
  type CountedQueue,
  type JobQueueMetrics,
  type JobQueueState,
} from './job-metrics.ts';
