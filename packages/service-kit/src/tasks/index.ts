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
  startTaskRunner,
  SERVICE_TASK_OPTIONS,
  type TaskContext,
  type TaskHandler,
  type TaskRunner,
  type TaskRunnerOptions,
  type RepeatableTask,
  type ServiceTasks,
} from './task-runner.ts';
export { startServiceTasks, type ServiceTasksHandle } from './service-tasks.ts';
export {
  TASK_QUEUE_STATES,
  registerTaskQueueMetrics,
  type CountedQueue,
  type TaskQueueMetrics,
  type TaskQueueState,
} from './task-metrics.ts';
