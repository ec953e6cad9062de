import {
  type CfdiDraft,
  type CfdiDraftOrError,
  type CfdiMatchKind,
  MAX_CFDI_FILE_BYTES,
  normalizeRfc,
  productCodeKey,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import { centsToPesos, costPesos } from './cfdi-amounts.js';
import * as q from './purchases-cfdi.queries.js';
import { CfdiRefused, readSupplierCfdi, type SupplierCfdi, UnreadableXml } from './supplier-cfdi.js';

// Supplier CFDI XMLs into purchase drafts (decision 100). Nothing is written: the drafts say which
// supplier and products the shop already has, and purchase/create writes the purchase once the
// user confirms it (remembering each line's supplier code for the next XML).

export interface UploadedFile {
  fileName: string;
  data: Buffer;
  /** The upload stopped at MAX_CFDI_FILE_BYTES. */
  tooLarge: boolean;
}

export const FILE_TOO_LARGE = `El archivo pesa más de ${MAX_CFDI_FILE_BYTES / 1024 / 1024} MB: una factura de proveedor pesa unos pocos KB.`;
export const REPEATED_IN_UPLOAD = 'Este CFDI ya viene en otro archivo de esta carga (mismo UUID).';

type Read = { fileName: string; error: string } | { fileName: string; cfdi: SupplierCfdi };

function readFile(file: UploadedFile): Read {
  if (file.tooLarge) return { fileName: file.fileName, error: FILE_TOO_LARGE };
  try {
    return { fileName: file.fileName, cfdi: readSupplierCfdi(file.data) };
  } catch (error) {
    if (error instanceof CfdiRefused || error instanceof UnreadableXml) {
      return { fileName: file.fileName, error: error.message };
    }
    throw error;
  }
}

const BARCODE = /^\d{8,14}$/;

export function createPurchasesCfdiService({ db }: { db: Executor }) {
  return {
    async readCfdi(files: UploadedFile[]): Promise<CfdiDraftOrError[]> {
      const read = files.map(readFile);
      const cfdis = read.flatMap((r) => ('cfdi' in r ? [r.cfdi] : []));
      const codes = [
        ...new Set(cfdis.flatMap((c) => c.lines.flatMap((l) => (l.supplierCode ? [l.supplierCode] : [])))),
      ];
      const keys = [...new Set(codes.map(productCodeKey))];
      const rfcs = [...new Set(cfdis.map((c) => normalizeRfc(c.emisor.rfc)))];

      const suppliers = new Map((await q.suppliersByRfc(db, rfcs)).map((s) => [s.rfc!, s.id]));
      const byCode = new Map((await q.productsByCodeKey(db, keys)).map((p) => [p.cuidKey, p]));
      const byBarcode = new Map(
        (
          await q.productsByBarcode(
            db,
            codes.filter((c) => BARCODE.test(c)),
          )
        ).map((p) => [p.barcode!, p]),
      );
      const mapped = new Map(
        (await q.mappedProducts(db, [...suppliers.values()], keys)).map((m) => [`${m.supplierId}|${m.codeKey}`, m]),
      );
      const imported = await q.importedUuids(db, [...new Set(cfdis.map((c) => c.uuid))]);

      /**
       * The shop's own mapping for this supplier first: it is what the user chose for that code (a
       * correction of a coincidence included); then the code as a barcode, then as the shop's code
       * (the order of product/lookup).
       */
      const matchOf = (supplierId: number | null, code: string | null): CfdiDraft['lines'][number]['match'] => {
        if (!code) return null;
        const found = (product: { id: number; name: string } | undefined, by: CfdiMatchKind) =>
          product ? { productId: product.id, productName: product.name, by } : null;
        const key = productCodeKey(code);
        return (
          (supplierId !== null ? found(mapped.get(`${supplierId}|${key}`), 'mapping') : null) ??
          found(BARCODE.test(code) ? byBarcode.get(code) : undefined, 'barcode') ??
          found(byCode.get(key), 'code')
        );
      };

      const seen = new Set<string>();
      return read.map((r): CfdiDraftOrError => {
        if (!('cfdi' in r)) return r;
        const { cfdi } = r;
        if (seen.has(cfdi.uuid)) return { fileName: r.fileName, error: REPEATED_IN_UPLOAD };
        seen.add(cfdi.uuid);
        const rfc = normalizeRfc(cfdi.emisor.rfc);
        const supplierId = suppliers.get(rfc) ?? null;
        return {
          fileName: r.fileName,
          supplier: { id: supplierId, rfc, name: cfdi.emisor.name },
          invoiceFolio: cfdi.invoiceFolio,
          cfdiUuid: cfdi.uuid,
          date: cfdi.date,
          alreadyImported: imported.has(cfdi.uuid),
          total: centsToPesos(cfdi.totalCents),
          lines: cfdi.lines.map((line) => ({
            supplierCode: line.supplierCode,
            description: line.description,
            quantity: line.quantityMilli / 1000,
            units: line.units,
            unitCost: costPesos(line.unitCostMicros),
            ivaRate: line.ivaRate,
            satProductCode: line.satProductCode,
            satUnitCode: line.satUnitCode,
            match: matchOf(supplierId, line.supplierCode),
          })),
        };
      });
    },
  };
}

export type PurchasesCfdiService = ReturnType<typeof createPurchasesCfdiService>;
