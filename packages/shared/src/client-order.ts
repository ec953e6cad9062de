import { lazily } from './lazy.js';

// By first name, then last name, ignoring case and accents ("Ángel" next to "Andrés"), then id:
// the server's list order, the same on SQLite and PostgreSQL whatever the database collation,
// and the order the web app keeps when it inserts a client it just created. A plain module (no
// schema, no zod), so the receipt list can keep the clients' order without building the schemas.
const byName = lazily(() => new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true }));
interface NamedClient {
  id: number;
  firstName: string;
  lastName: string | null;
}
export function compareClientsByName(a: NamedClient, b: NamedClient): number {
  const compare = byName().compare;
  return compare(a.firstName, b.firstName) || compare(a.lastName ?? '', b.lastName ?? '') || a.id - b.id;
}
