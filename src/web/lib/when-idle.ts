/** Runs `task` when the browser has nothing better to do (soon after, where it cannot say). */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else window.setTimeout(task, 200);
}
