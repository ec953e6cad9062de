// The client import: rows checked with the register-client contract; a row whose name and
// surname match an active client updates it, any other adds one.
import {
  CLIENT_IMPORT_COLUMNS,
  clientFiscalOrNull,
  type ImportRowError,
  normalizeForSearch,
  type RegisterClientBody,
  registerClientBodySchema,
  regimeProblem,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import * as q from './import.queries.js';
import { type Parsed, readRows, type Row, validate } from './import-rows.js';

const fullNameKey = (firstName: string, lastName: string | null) =>
  normalizeForSearch(`${firstName} ${lastName ?? ''}`).replace(/\s+/g, ' ');

export async function parseClients(data: Buffer): Promise<Parsed<RegisterClientBody>> {
  const { columns, cells, errors } = await readRows(CLIENT_IMPORT_COLUMNS, data);
  // Without a surname column the name holds both: its first word is the name, the rest the surname.
  const splitName = !columns.includes('apellido');
  const rows: Row<RegisterClientBody>[] = [];
  const firstRowOfName = new Map<string, number>();
  for (const { row, value } of cells) {
    const [first = '', ...rest] = splitName ? (value.firstName ?? '').split(/\s+/) : [value.firstName ?? ''];
    const input = { ...value, firstName: first, lastName: splitName ? rest.join(' ') : value.lastName };
    const client = validate(registerClientBodySchema, CLIENT_IMPORT_COLUMNS, row, input, errors);
    if (!client) continue;
    const key = fullNameKey(client.firstName, client.lastName);
    const earlier = firstRowOfName.get(key);
    if (earlier !== undefined) {
      errors.push({
        row,
        message: `nombre: "${client.firstName} ${client.lastName}" ya aparece en la fila ${earlier}.`,
      });
      continue;
    }
    firstRowOfName.set(key, row);
    rows.push({ row, value: client });
  }
  return { total: cells.length, columns, rows, errors };
}

export async function planClients(db: Executor, rows: Row<RegisterClientBody>[]) {
  const existing = new Map((await q.enabledClients(db)).map((c) => [fullNameKey(c.firstName, c.lastName), c]));
  const creates: RegisterClientBody[] = [];
  const updates: Array<{ id: number; value: RegisterClientBody }> = [];
  const errors: ImportRowError[] = [];
  for (const { row, value } of rows) {
    const current = existing.get(fullNameKey(value.firstName, value.lastName));
    if (!current) {
      creates.push(value);
      continue;
    }
    // A blank RFC or régimen keeps the stored one, which the other must still suit.
    const problem = regimeProblemAfter(current, value);
    if (problem) errors.push({ row, message: `Régimen fiscal: ${problem}` });
    else updates.push({ id: current.id, value });
  }
  return { creates, updates, errors };
}

function regimeProblemAfter(
  stored: { rfc: string | null; taxRegime: string | null },
  { rfc, taxRegime }: RegisterClientBody,
): string | null {
  const finalRfc = rfc ?? stored.rfc;
  const finalRegime = taxRegime ?? stored.taxRegime;
  return finalRfc && finalRegime ? regimeProblem(finalRfc, finalRegime) : null;
}

/** Writes a planned import; call it inside one transaction. */
export async function writeClients(trx: Executor, plan: Awaited<ReturnType<typeof planClients>>, now: number) {
  await q.insertClients(
    trx,
    // The file carries contact and fiscal data only; credit terms keep the database's defaults.
    plan.creates.map((client) => ({
      firstName: client.firstName,
      lastName: client.lastName,
      phone: client.phone,
      email: client.email,
      address: client.address,
      ...clientFiscalOrNull(client),
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const { id, value } of plan.updates) {
    // A blank cell (or a missing column) keeps what the client already has.
    const { phone, email, address } = value;
    const given = Object.fromEntries(
      Object.entries({ phone, email, address, ...clientFiscalOrNull(value) }).filter(([, v]) => v !== null),
    );
    await q.updateClient(trx, id, { ...given, updatedAt: now });
  }
  return { created: plan.creates.length, updated: plan.updates.length };
}
