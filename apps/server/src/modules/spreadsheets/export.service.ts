import {
  BUSINESS_TIME_ZONE,
  businessDayBounds,
  centsToPesos,
  dayjs,
  EXPORT_DATASET_LABELS,
  fromMilli,
  iepsCellText,
  taxFieldsOf,
  type ExportDataset,
  type ExportQuery,
  INVENTORY_REASON_LABELS,
  lineTotalCents,
  PAYMENT_MODE_LABELS,
  RECEIPT_STATE_LABELS,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import * as q from './export.queries.js';
import { type Table, toCsv, toXlsx } from './spreadsheet.js';

export interface ExportDeps {
  db: Kysely<DB>;
}

/** Monterrey wall time, sortable: 2026-11-21 14:05:00. */
const wallTime = (instant: number | null) =>
  instant === null ? null : dayjs(instant).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss');
const yesNo = (flag: number) => (flag ? 'sí' : 'no');

/** The products table uses the import's column names, so an exported catalogue imports back as it is. */
export const PRODUCT_EXPORT_COLUMNS = [
  'código',
  'nombre',
  'unidad',
  'precio',
  'existencia',
  'código de barras',
  'mínimo',
  'a granel',
  'IVA',
  'IEPS',
  'Clave SAT',
  'Unidad SAT',
  'Categoría',
  'alta',
];
/** The clients table, likewise with the import's names (the fiscal data's keys as the SAT writes them). */
export const CLIENT_EXPORT_COLUMNS = [
  'nombre',
  'apellido',
  'teléfono',
  'correo',
  'dirección',
  'RFC',
  'Razón social',
  'Régimen fiscal',
  'C.P. fiscal',
  'Uso CFDI',
  'Correo para facturas',
  'activo',
  'alta',
];

/** The suppliers table, with the import's names. */
export const SUPPLIER_EXPORT_COLUMNS = ['nombre', 'RFC', 'teléfono', 'contacto', 'notas', 'activo', 'alta'];

type Builder = (db: Kysely<DB>, range: q.Range) => Promise<Pick<Table, 'columns' | 'rows'>>;

const BUILDERS: Record<ExportDataset, Builder> = {
  products: async (db, range) => ({
    columns: PRODUCT_EXPORT_COLUMNS,
    rows: (await q.productsCreatedIn(db, range)).map((p) => [
      p.cuid,
      p.name,
      p.units,
      p.priceCents === null ? null : centsToPesos(p.priceCents),
      fromMilli(p.stockMilli),
      p.barcode,
      p.minStockMilli === null ? null : fromMilli(p.minStockMilli),
      yesNo(p.sellsByWeight),
      p.ivaRate,
      iepsCellText(taxFieldsOf(p)),
      p.satProductCode,
      p.satUnitCode,
      p.category,
      wallTime(p.createdAt),
    ]),
  }),
  clients: async (db, range) => ({
    columns: CLIENT_EXPORT_COLUMNS,
    rows: (await q.clientsCreatedIn(db, range)).map((c) => [
      c.firstName,
      c.lastName,
      c.phone,
      c.email,
      c.address,
      c.rfc,
      c.legalName,
      c.taxRegime,
      c.taxZipCode,
      c.cfdiUse,
      c.invoiceEmail,
      yesNo(c.isEnabled),
      wallTime(c.createdAt),
    ]),
  }),
  receipts: async (db, range) => ({
    columns: [
      'remisión',
      'fecha',
      'estado',
      'forma de pago',
      'cliente',
      'vendedor',
      'total',
      'producto',
      'unidad',
      'cantidad',
      'precio',
      'importe',
      // Returns (devoluciones): of the line, and the receipt's total after them.
      'cantidad devuelta',
      'total neto',
    ],
    rows: (await q.receiptLinesIn(db, range)).map((line) => [
      line.receiptId,
      wallTime(line.date),
      RECEIPT_STATE_LABELS[line.state],
      PAYMENT_MODE_LABELS[line.paymentMode],
      [line.firstName, line.lastName].filter(Boolean).join(' ') || null,
      line.sellerName,
      centsToPesos(line.totalCents),
      line.productName,
      line.units,
      fromMilli(line.quantityMilli),
      centsToPesos(line.priceCents),
      centsToPesos(lineTotalCents(line.priceCents, line.quantityMilli)),
      fromMilli(Number(line.returnedMilli ?? 0)),
      centsToPesos(line.totalCents - line.returnedCents),
    ]),
  }),
  payments: async (db, range) => ({
    columns: ['pago', 'remisión', 'fecha', 'monto', 'tipo', 'vigente', 'cancelado', 'usuario', 'nota'],
    rows: (await q.paymentsIn(db, range)).map((p) => [
      p.id,
      p.receiptId,
      wallTime(p.createdAt),
      centsToPesos(p.amountCents),
      p.reason === 'ADD' ? 'abono' : 'devolución',
      yesNo(p.isEnabled),
      wallTime(p.cancelledAt),
      p.userName,
      p.note,
    ]),
  }),
  suppliers: async (db, range) => ({
    columns: SUPPLIER_EXPORT_COLUMNS,
    rows: (await q.suppliersCreatedIn(db, range)).map((s) => [
      s.name,
      s.rfc,
      s.phone,
      s.contact,
      s.notes,
      yesNo(s.isEnabled),
      wallTime(Number(s.createdAt)),
    ]),
  }),
  movements: async (db, range) => ({
    columns: ['fecha', 'producto', 'motivo', 'cantidad', 'antes', 'después', 'usuario', 'remisión', 'nota'],
    rows: (await q.movementsIn(db, range)).map((m) => [
      wallTime(m.createdAt),
      m.productName,
      INVENTORY_REASON_LABELS[m.reason],
      fromMilli(m.deltaMilli),
      fromMilli(m.stockBeforeMilli),
      fromMilli(m.stockAfterMilli),
      m.userName,
      m.receiptId,
      m.note,
    ]),
  }),
};

const FILE_NAMES: Record<ExportDataset, string> = {
  products: 'productos',
  clients: 'clientes',
  receipts: 'remisiones',
  payments: 'pagos',
  movements: 'movimientos',
  suppliers: 'proveedores',
};

export function createExportService({ db }: ExportDeps) {
  return {
    /** The list as a file: its bytes, content type and a name saying what and which days it holds. */
    async file({ dataset, format, from, to }: ExportQuery) {
      const range = {
        start: from ? businessDayBounds(from).start : undefined,
        end: to ? businessDayBounds(to).end : undefined,
      };
      const table = { title: EXPORT_DATASET_LABELS[dataset].slice(0, 31), ...(await BUILDERS[dataset](db, range)) };
      const days = from || to ? `-${from ?? 'inicio'}-a-${to ?? 'hoy'}` : '';
      const name = `${FILE_NAMES[dataset]}${days}.${format}`;
      return format === 'csv'
        ? { name, type: 'text/csv; charset=utf-8', data: toCsv(table) }
        : {
            name,
            type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            data: await toXlsx(table),
          };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
