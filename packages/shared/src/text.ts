/** Lower case without accents, for accent- and case-insensitive search. */
export function normalizeForSearch(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** True when every word of the query appears in the text (accents and case ignored). */
export function matchesSearch(text: string | null | undefined, query: string | null | undefined): boolean {
  const needle = normalizeForSearch(query);
  if (!needle) return true;
  const haystack = normalizeForSearch(text);
  return needle.split(/\s+/).every((word) => haystack.includes(word));
}
