// The columns a product or client import reads: each field's Spanish column name and the other
// names it is known by in the exports of other programs (eleventa, SICAR, Loyverse, Odoo), so
// their files import as they are.
import type { ImportKind } from './schemas/data.js';
import type { ProductTaxFields } from './taxes.js';

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

/** A SAT key written with its name ('612 - Personas Físicas…', 'G03 Gastos en general'): the key. */
export function leadingKey(text: string): string {
  return /^([A-Za-z]{0,2}\d{2,3})(?:\s*[-–—:.]\s*|\s+)\D/.exec(text)?.[1] ?? text;
}

/**
 * The 'IEPS' cell of a product, as the export writes it and the import reads it back: blank for
 * none, a rate as a percent ('8 %', '26.5 %'), a cuota as pesos per unit sold with two to six
 * decimals ('$1.50 por unidad', '$0.98706 por unidad').
 */
export function iepsCellText(taxes: Pick<ProductTaxFields, 'iepsRate' | 'iepsPerUnit'>): string {
  if (taxes.iepsPerUnit !== null) {
    const [whole, decimals = ''] = String(taxes.iepsPerUnit).split('.');
    return `$${whole}.${decimals.padEnd(2, '0')} por unidad`;
  }
  return taxes.iepsRate === null ? '' : `${taxes.iepsRate} %`;
}

/** 'no', 'ninguno', 'sin IEPS' and 0 mean no IEPS, as a blank cell does. */
const NO_IEPS = new Set(['', '0', 'no', 'ninguno', 'sin ieps', 'n a']);

/**
 * An 'IEPS' cell as the product schema reads it: a cuota when it names pesos or units ('$1.50 por
 * unidad', '1.50 por litro', 'cuota 1.5'), otherwise a rate in percent ('8', '26,5 %', 'tasa 8%').
 * The texts stay texts: the schema gives the Spanish message when they are not numbers it takes.
 */
export function readIepsCell(text: string): { iepsRate: string | null; iepsPerUnit: string | null } {
  if (NO_IEPS.has(normalizeHeader(text))) return { iepsRate: null, iepsPerUnit: null };
  if (/\$|\bpor\b|cuota/i.test(text)) {
    const amount = text.replace(/\bpor\b.*$/i, '').replace(/cuota|\$/gi, '');
    return { iepsRate: null, iepsPerUnit: readSpreadsheetNumber(amount) };
  }
  return { iepsRate: readSpreadsheetNumber(text.replace(/tasa|%/gi, '')), iepsPerUnit: null };
}

/** A c_ClaveProdServ a spreadsheet took for a number lost its leading zeros ('1010101'): they come back. */
export function readSatProductCode(text: string): string {
  return /^\d{1,7}$/.test(text) ? text.padStart(8, '0') : text;
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
  // Taxes: a row with its IVA filled states the product's taxes (a blank IEPS then means none)
  // and counts as reviewed.
  {
    field: 'ivaRate',
    label: 'IVA',
    // 'IVA 16 %' as some programs write it is 16.
    read: (text: string) => text.replace(/^iva\s*/i, ''),
    aliases: ['tasa iva', 'iva tasa', 'tasa de iva'],
  },
  { field: 'ieps', label: 'IEPS', aliases: ['tasa ieps', 'ieps tasa', 'ieps cuota'] },
  {
    field: 'satProductCode',
    label: 'Clave SAT',
    read: readSatProductCode,
    aliases: ['clave sat', 'clave prod serv', 'claveprodserv', 'clave producto servicio', 'clave del sat'],
  },
  {
    field: 'satUnitCode',
    label: 'Unidad SAT',
    aliases: ['clave unidad', 'claveunidad', 'clave unidad sat', 'unidad del sat'],
  },
  // For the profit report by category; eleventa calls it 'Departamento', SICAR 'Línea'.
  { field: 'category', label: 'Categoría', aliases: ['category', 'departamento', 'linea', 'familia', 'grupo'] },
] as const satisfies readonly ImportColumn[];

export const CLIENT_IMPORT_COLUMNS = [
  { field: 'firstName', label: 'nombre', required: true, aliases: ['nombres', 'first name', 'name', 'customer name'] },
  { field: 'lastName', label: 'apellido', aliases: ['apellidos', 'last name'] },
  { field: 'phone', label: 'teléfono', aliases: ['tel', 'celular', 'movil', 'phone', 'mobile', 'phone number'] },
  { field: 'email', label: 'correo', aliases: ['correo electronico', 'email', 'e mail', 'mail'] },
  { field: 'address', label: 'dirección', aliases: ['domicilio', 'calle', 'address', 'street'] },
  // The fiscal data, as the export writes it; a régimen or uso written with its name
  // ('612 - Personas Físicas…', 'G03 Gastos en general') is read as its key.
  { field: 'rfc', label: 'RFC', aliases: ['rfc receptor', 'rfc del cliente', 'tax id'] },
  { field: 'legalName', label: 'Razón social', aliases: ['nombre fiscal', 'razon social receptor', 'legal name'] },
  {
    field: 'taxRegime',
    label: 'Régimen fiscal',
    read: leadingKey,
    aliases: ['regimen', 'regimen fiscal receptor', 'regimenfiscalreceptor', 'tax regime'],
  },
  {
    field: 'taxZipCode',
    label: 'C.P. fiscal',
    aliases: ['cp fiscal', 'codigo postal fiscal', 'domicilio fiscal', 'domiciliofiscalreceptor'],
  },
  { field: 'cfdiUse', label: 'Uso CFDI', read: leadingKey, aliases: ['uso de cfdi', 'uso del cfdi', 'usocfdi'] },
  {
    field: 'invoiceEmail',
    label: 'Correo para facturas',
    aliases: ['correo de facturacion', 'correo facturacion', 'email facturacion', 'invoice email'],
  },
] as const satisfies readonly ImportColumn[];

/** Suppliers, as their export writes them; a row updates the supplier with its RFC, else with its name. */
export const SUPPLIER_IMPORT_COLUMNS = [
  {
    field: 'name',
    label: 'nombre',
    required: true,
    aliases: ['proveedor', 'razon social', 'nombre del proveedor', 'supplier', 'vendor', 'name'],
  },
  { field: 'rfc', label: 'RFC', aliases: ['rfc emisor', 'rfc del proveedor', 'tax id'] },
  { field: 'phone', label: 'teléfono', aliases: ['tel', 'celular', 'movil', 'phone', 'mobile', 'phone number'] },
  { field: 'contact', label: 'contacto', aliases: ['vendedor', 'agente', 'contact', 'contact name'] },
  { field: 'notes', label: 'notas', aliases: ['nota', 'observaciones', 'comentarios', 'notes'] },
] as const satisfies readonly ImportColumn[];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  products: PRODUCT_IMPORT_COLUMNS,
  clients: CLIENT_IMPORT_COLUMNS,
  suppliers: SUPPLIER_IMPORT_COLUMNS,
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
