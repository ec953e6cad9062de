import { z } from 'zod';
import { IVA_RATES } from '../taxes.js';

// A supplier's CFDI XML read into a purchase draft (POST /purchase/readCfdi, issue 37;
// docs/decisions/100-supplier-cfdi-purchases.md). Nothing is written: the user reviews the draft,
// picks or creates the products of the lines that matched none, and confirms it through
// purchase/create.

/** How many XML files one upload reads. */
export const MAX_CFDI_FILES = 20;
/** A supplier's CFDI weighs a few KB; anything above this is not read. */
export const MAX_CFDI_FILE_BYTES = 1024 * 1024;
/** purchase/create takes at most this many lines: a CFDI with more conceptos is refused. */
export const MAX_CFDI_LINES = 200;

/** How a line found its product: the supplier's code as the shop's code, as a barcode, or the shop's mapping. */
export const CFDI_MATCH_KINDS = ['code', 'barcode', 'mapping'] as const;
export type CfdiMatchKind = (typeof CFDI_MATCH_KINDS)[number];

export const cfdiDraftLineSchema = z.object({
  /** The Concepto's NoIdentificacion: the supplier's own code for it. */
  supplierCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  /** The Concepto's Unidad, else its ClaveUnidad. */
  units: z.string(),
  /** Per unit, in pesos (4 decimals at most): net of IVA, IEPS included. */
  unitCost: z.number(),
  /** The IVA the supplier charged on it; null when the line carries no IVA (ObjetoImp 01). */
  ivaRate: z.enum(IVA_RATES).nullable(),
  satProductCode: z.string(),
  satUnitCode: z.string(),
  match: z.object({ productId: z.number().int(), productName: z.string(), by: z.enum(CFDI_MATCH_KINDS) }).nullable(),
});
export type CfdiDraftLine = z.infer<typeof cfdiDraftLineSchema>;

export const cfdiDraftSchema = z.object({
  fileName: z.string(),
  /** The supplier found by the Emisor's RFC (id), or null: purchase/create makes it from rfc and name. */
  supplier: z.object({ id: z.number().int().nullable(), rfc: z.string(), name: z.string() }),
  /** Serie and Folio ('A-1234'), or null when the CFDI has neither. */
  invoiceFolio: z.string().nullable(),
  /** The TimbreFiscalDigital's UUID, upper case. */
  cfdiUuid: z.string(),
  /** The CFDI's Fecha as a day, 'YYYY-MM-DD'. */
  date: z.string(),
  /** A purchase that stands (not cancelled) already holds this UUID. */
  alreadyImported: z.boolean(),
  /** The CFDI's Total (with taxes), pesos. */
  total: z.number(),
  lines: z.array(cfdiDraftLineSchema),
});
export type CfdiDraft = z.infer<typeof cfdiDraftSchema>;

/** A file that is not a supplier's invoice this screen can read: why, in Spanish. */
export const cfdiFileErrorSchema = z.object({ fileName: z.string(), error: z.string() });
export type CfdiFileError = z.infer<typeof cfdiFileErrorSchema>;

export const readCfdiResponseSchema = z.object({
  /** One per file, in the order they were sent. */
  drafts: z.array(z.union([cfdiFileErrorSchema, cfdiDraftSchema])),
});
export type ReadCfdiResponse = z.infer<typeof readCfdiResponseSchema>;
export type CfdiDraftOrError = ReadCfdiResponse['drafts'][number];

export const isCfdiFileError = (draft: CfdiDraftOrError): draft is CfdiFileError => 'error' in draft;
