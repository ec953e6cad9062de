/**
 * Resolves in a task of its own (a zero-delay timer): work after `await nextTask()` starts a new
 * task, so a phone's main thread can paint or answer a tap in between, and no single task is long.
 */
export const nextTask = () => new Promise<void>((resume) => setTimeout(resume, 0));
