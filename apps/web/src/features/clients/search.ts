import { type Client, clientFullName, normalizeForSearch } from '@mostrador/shared';

export interface SearchableClient {
  client: Client;
  /** The full name, normalized once (accents and case removed). */
  haystack: string;
}

/** Normalizes every name once, so each keystroke only does substring checks. */
export function indexClients(clients: readonly Client[]): SearchableClient[] {
  return clients.map((client) => ({ client, haystack: normalizeForSearch(clientFullName(client)) }));
}

/**
 * 'Buscar' over first and last name, case- and accent-insensitive; every word of the query
 * must appear (the same rule as `matchesSearch`).
 */
export function filterClients(index: readonly SearchableClient[], query: string): Client[] {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return index.map((entry) => entry.client);
  return index.filter((entry) => words.every((word) => entry.haystack.includes(word))).map((entry) => entry.client);
}
