import type { KeyboardEvent } from 'react';

/** A key that types a character into a field: not Enter, an arrow, a modifier or a shortcut. */
export const typesCharacter = (event: KeyboardEvent) =>
  event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey;
