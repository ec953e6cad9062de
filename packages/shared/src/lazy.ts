/**
 * A value made on first use, then kept. For the Intl formatters and collators the modules hold: the
 * first one a page makes loads the locale data (a long task on a slow phone; docs/benchmarks.md),
 * and made at import they all ran inside the web app's first script, its longest task.
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
