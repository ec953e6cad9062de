import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes `block` (which starts with `start` and ends with `end`) into `path` in place of the
 * block between those markers, keeping the hand-written text around it; without the markers,
 * `append` says where it goes.
 */
export function writeBetweenMarkers(
  path: string,
  { start, end, block }: { start: string; end: string; block: string },
  append: (current: string) => string,
) {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  writeFileSync(
    path,
    from >= 0 && to > from ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}` : append(current),
  );
}
