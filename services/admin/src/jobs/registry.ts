/** A named kind of background job and the function that runs one. */
export interface JobHandler {
  name: string;
  run(data: unknown): Promise<void>;
}

export class JobRegistry {
  readonly #handlers = new Map<string, JobHandler>();

  /** Fails on a second handler with the same name, so a wiring mistake stops the worker at start. */
  constructor(handlers: readonly JobHandler[]) {
    for (const handler of handlers) {
      if (this.#handlers.has(handler.name)) {
        throw new Error(`Duplicate job handler "${handler.name}"`);
      }
      this.#handlers.set(handler.name, handler);
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
