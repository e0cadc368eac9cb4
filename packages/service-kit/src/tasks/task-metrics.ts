import { Counter, Gauge, type Registry } from 'prom-client';

/** Queue states reported by job_queue_jobs (completed jobs are only kept for inspection, so left out). */
export const TASK_QUEUE_STATES = ['waiting', 'prioritized', 'delayed', 'active', 'failed'] as const;
export type TaskQueueState = (typeof TASK_QUEUE_STATES)[number];

/** What the metrics ask of a running queue (a TaskRunner). */
export interface CountedQueue {
  readonly queueName: string;
  counts(): Promise<Record<TaskQueueState, number>>;
}

/** The job-queue metrics of one registry: startTaskRunner({ metrics }) reports to it. */
export interface TaskQueueMetrics {
  /** Includes the queue in job_queue_jobs until the returned function is called. */
  watch(queue: CountedQueue): () => void;
  /** Counts one failed attempt of a job (job_failures_total). */
  failed(queueName: string, jobName: string): void;
}

/**
 * BullMQ queue depth by state (`job_queue_jobs{queue,state}`, read from the queue when Prometheus
 * scrapes) and failed attempts by job name (`job_failures_total{queue,job}`), registered in `registry`.
 */
export function registerTaskQueueMetrics(registry: Registry): TaskQueueMetrics {
  const queues = new Set<CountedQueue>();
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the BullMQ queue by state (waiting, prioritized, delayed, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const readings = await Promise.all(
        [...queues].map(async (queue) => ({ queue: queue.queueName, counts: await queue.counts().catch(() => undefined) })),
      );
      this.reset();
      for (const { queue, counts } of readings) {
        if (!counts) continue;
        for (const state of TASK_QUEUE_STATES) this.set({ queue, state }, counts[state]);
      }
    },
  });
  const failures = new Counter({
    name: 'job_failures_total',
    help: 'Failed job attempts (each retry counts) by queue and job name',
    labelNames: ['queue', 'job'] as const,
    registers: [registry],
  });
  return {
    watch(queue) {
      queues.add(queue);
      return () => queues.delete(queue);
    },
    failed(queueName, jobName) {
      failures.inc({ queue: queueName, job: jobName });
    },
  };
}
