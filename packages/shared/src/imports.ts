// The columns a product or client import reads: each field's Spanish column name and the other
// names it is known by in the exports of other programs (eleventa, SICAR, Loyverse, Odoo), so
// their files import as they are.
import type { ImportKind } from './schemas/data.js';

export interface ImportColumn<F extends string = string> {
  field: F;
  /** The Spanish column name, as the preview and the messages say it. */
  label: string;
  required?: boolean;
  /** How a cell's text becomes what the schema reads (a number, a yes/no); as it is by default. */
  read?: (text: string) => string;
  /** Other header names that mean this column (compared as normalizeHeader leaves them). */
  aliases: string[];
}

/**
 * A header as compared: no accents, lower case, without a bracketed suffix (Loyverse's
 * 'In stock [Centro]'), punctuation as spaces ('Inv. Mínimo' is 'inv minimo').
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\[.*?\]|\(.*?\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A number as spreadsheets write it: currency signs and spaces go, a comma before exactly three
 * digits separates thousands ('1,234.50'), any other comma is the decimal point ('12,5').
 */
export function readSpreadsheetNumber(text: string): string {
  const bare = text.replace(/[$\s]/g, '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) return bare.replace(/,/g, '');
  return bare.replace(',', '.');
}

const BY_WEIGHT: Record<string, string> = {
  si: 'true',
  granel: 'true',
  yes: 'true',
  y: 'true',
  no: 'false',
  unidad: 'false',
  pieza: 'false',
  n: 'false',
};

/** 'sí', 'Granel', 'Y' mean sold by weight; 'no', 'Unidad' (eleventa's 'Tipo de Venta') do not. */
export function readSellsByWeight(text: string): string {
  const key = normalizeHeader(text);
  return BY_WEIGHT[key] ?? text;
}

export const PRODUCT_IMPORT_COLUMNS = [
  {
    field: 'cuid',
    label: 'código',
    required: true,
    aliases: ['clave', 'codigo producto', 'clave producto', 'sku', 'referencia interna', 'internal reference'],
  },
  {
    field: 'name',
    label: 'nombre',
    required: true,
    aliases: ['descripcion', 'producto', 'articulo', 'name', 'nombre del producto', 'product name'],
  },
  { field: 'units', label: 'unidad', aliases: ['unidad de medida', 'unidad de venta', 'unit of measure', 'uom'] },
  {
    field: 'price',
    label: 'precio',
    read: readSpreadsheetNumber,
    aliases: ['precio venta', 'precio de venta', 'precio publico', 'precio 1', 'precio1', 'price', 'sales price'],
  },
  {
    field: 'stockQuantity',
    label: 'existencia',
    read: readSpreadsheetNumber,
    aliases: ['existencias', 'stock', 'inventario', 'cantidad', 'in stock', 'cantidad a la mano', 'quantity on hand'],
  },
  { field: 'barcode', label: 'código de barras', aliases: ['barcode', 'ean', 'upc', 'codigo barras'] },
  {
    field: 'minStock',
    label: 'mínimo',
    read: readSpreadsheetNumber,
    aliases: ['inv minimo', 'inventario minimo', 'stock minimo', 'existencia minima', 'low stock', 'minimo'],
  },
  {
    field: 'sellsByWeight',
    label: 'a granel',
    read: readSellsByWeight,
    aliases: ['granel', 'se vende a granel', 'tipo de venta', 'sold by weight'],
  },
] as const satisfies readonly ImportColumn[];

export const CLIENT_IMPORT_COLUMNS = [
  { field: 'firstName', label: 'nombre', required: true, aliases: ['nombres', 'first name', 'name', 'customer name'] },
  { field: 'lastName', label: 'apellido', aliases: ['apellidos', 'last name'] },
  { field: 'phone', label: 'teléfono', aliases: ['tel', 'celular', 'movil', 'phone', 'mobile', 'phone number'] },
  { field: 'email', label: 'correo', aliases: ['correo electronico', 'email', 'e mail', 'mail'] },
  { field: 'address', label: 'dirección', aliases: ['domicilio', 'calle', 'address', 'street'] },
] as const satisfies readonly ImportColumn[];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  products: PRODUCT_IMPORT_COLUMNS,
  clients: CLIENT_IMPORT_COLUMNS,
};

/** For each column of the import, the index of the file's column holding it (first match wins). */
export function matchColumns<C extends ImportColumn>(columns: readonly C[], header: readonly string[]) {
  const names = header.map(normalizeHeader);
  const found = new Map<C, number>();
  for (const column of columns) {
    const accepted = [normalizeHeader(column.label), ...column.aliases];
    const index = names.findIndex((name) => accepted.includes(name));
    if (index >= 0) found.set(column, index);
  }
  return found;
}
