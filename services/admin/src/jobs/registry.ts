import { ALL_JOB_NAMES } from './job-names.ts';

/** What a running job knows about itself. */
export interface JobContext {
  id: string;
  /** 1 on the first try, 2 on the first retry, ... */
  attempt: number;
}

/** A named kind of background job and the function that runs one; its result is the job's return value. */
export interface JobHandler {
  name: string;
  run(data: unknown, ctx: JobContext): Promise<unknown>;
}

export class JobRegistry {
  readonly #handlers = new Map<string, JobHandler>();

  /**
   * Fails on a second handler with the same name, or on a job name in `required` that has no
   * handler, so a wiring mistake stops the worker at start instead of failing jobs later.
   */
  constructor(handlers: readonly JobHandler[], required: readonly string[] = ALL_JOB_NAMES) {
    for (const handler of handlers) {
      if (this.#handlers.has(handler.name)) {
        throw new Error(`Duplicate job handler "${handler.name}"`);
      }
      this.#handlers.set(handler.name, handler);
    }
    const missing = required.filter((name) => !this.#handlers.has(name));
    if (missing.length > 0) {
      throw new Error(`Missing job handler${missing.length > 1 ? 's' : ''} ${missing.map((n) => `"${n}"`).join(', ')}`);
    }
  }

  get names(): string[] {
    return [...this.#handlers.keys()];
  }

  /** The handler for `name`; an unknown name is a programming error. */
  get(name: string): JobHandler {
    const handler = this.#handlers.get(name);
    if (!handler) throw new Error(`No job handler named "${name}"`);
    return handler;
  }
}
