import { printCopiesSchema } from '@mostrador/shared';
import { z } from 'zod';
import { es } from '../../i18n/es';

/** At least 1 copy; an empty field counts as fewer than 1. */
export const printCopiesFormSchema = z.object({
  copies: z.number({ error: es.printing.copiesMin }).pipe(printCopiesSchema),
});
export type PrintCopiesForm = { copies: number | string };

/**
 * The server answers the PDF's path with its /api prefix; the API client adds its own base, so the
 * path is made relative to it.
 */
export const toApiPath = (pdfUrl: string) => pdfUrl.replace(/^\/api(?=\/)/, '');
