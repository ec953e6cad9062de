import { z } from 'zod';
import { isYmd } from '../dates.js';
import { EXPORT_DATASETS, EXPORT_FORMATS } from '../exports.js';
import { isoDateTimeSchema } from './common.js';

// The data contract: backups of the embedded database, export of the lists as CSV or Excel,
// and import of products and clients from a spreadsheet.

export const BACKUP_KINDS = ['automatico', 'manual', 'migracion'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  automatico: 'Automático',
  manual: 'Manual',
  migracion: 'Antes de actualizar',
};

export const backupSchema = z.object({
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  sizeBytes: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export type Backup = z.infer<typeof backupSchema>;

/** GET /backup/list. `embedded` is false on PostgreSQL, whose backups are pg_dump's business. */
export const backupListResponseSchema = z.object({
  embedded: z.boolean(),
  everyHours: z.number(),
  keep: z.number().int(),
  backups: z.array(backupSchema),
});
export type BackupListResponse = z.infer<typeof backupListResponseSchema>;

export const BACKUP_NAME_INVALID = 'El nombre del respaldo no es válido.';
export const backupNameParamsSchema = z.strictObject({
  name: z
    .string({ error: BACKUP_NAME_INVALID })
    .regex(/^respaldo-[0-9TZ-]+-(automatico|manual|migracion)\.db$/, BACKUP_NAME_INVALID),
});

export const EXPORT_DATE_FORMAT = 'Las fechas deben tener la forma AAAA-MM-DD.';
export const EXPORT_RANGE_ORDER = 'La fecha inicial no puede ser posterior a la final.';
const optionalDay = z.string({ error: EXPORT_DATE_FORMAT }).refine(isYmd, EXPORT_DATE_FORMAT).optional();

/**
 * GET /export: one list as a file. `from`/`to` are Monterrey days, both included: the sale's date
 * for receipts, the moment of the payment or the movement, the day a product or client was added.
 */
export const exportQuerySchema = z
  .strictObject({
    dataset: z.enum(EXPORT_DATASETS, {
      error: 'Elige qué exportar: products, clients, receipts, payments, movements o suppliers.',
    }),
    format: z.enum(EXPORT_FORMATS, { error: 'El formato debe ser csv o xlsx.' }).default('csv'),
    from: optionalDay,
    to: optionalDay,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: EXPORT_RANGE_ORDER, path: ['from'] });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const IMPORT_KINDS = ['products', 'clients', 'suppliers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** Largest file an import takes (a spreadsheet of tens of thousands of rows is far smaller). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

/** POST /import/preview and /import/commit: which list the uploaded file (field `file`) fills. */
export const importQuerySchema = z.strictObject({
  kind: z.enum(IMPORT_KINDS, { error: 'Elige qué importar: products, clients o suppliers.' }),
});

/** A problem of the file: `row` is the spreadsheet's row number (1 is the header row). */
export const importRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** Data rows in the file. */
  rows: z.number().int(),
  /** Rows that add a new record and rows that update an existing one (by code or by name). */
  toCreate: z.number().int(),
  toUpdate: z.number().int(),
  /** The file's columns this import reads, by the Spanish name it gives them. */
  columns: z.array(z.string()),
  /** Every problem found; the import writes nothing while there is one. */
  errors: z.array(importRowErrorSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  created: z.number().int(),
  updated: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
