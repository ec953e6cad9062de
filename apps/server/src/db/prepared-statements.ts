import pg from 'pg';

// PostgreSQL plans an unnamed statement anew on every call. A sale runs the same handful of
// INSERTs and UPDATEs every time, so those run as named prepared statements: parsed and
// planned once per connection. SELECTs stay unnamed: a plan made once for a date range
// could be wrong for the next range, and preparing them measured no faster. A statement whose
// text starts with PREPARE_MARK is named too (a sale's read and write on PostgreSQL, whose
// plans do not depend on their values).
export const PREPARE_MARK = '/* prepared */';
const PREPARED = /^\s*(insert|update)\b|^\/\* prepared \*\//i;
/** Distinct texts (multi-row inserts vary with their row count); beyond it, statements run unnamed. */
const MAX_NAMED = 1000;

const names = new Map<string, string>();

/** The statement name for a write's SQL text, the same on every connection of the process. */
export function statementName(text: string): string | undefined {
  if (!PREPARED.test(text)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `mostrador_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

type Query = (...args: unknown[]) => unknown;

/** A pg client that runs parameterised INSERTs and UPDATEs as named prepared statements. */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = (this.query as Query).bind(this);
    (this as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = statementName(text);
        if (name !== undefined) return query({ name, text, values });
      }
      return query(...args);
    };
  }
}
