/**
 * Resolves in a new task, so the work after it is not part of the current one: a MessageChannel
 * message (setTimeout's is clamped after nesting, and fake timers in tests would hold it).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
