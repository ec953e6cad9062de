import { printCopiesSchema } from '@mostrador/shared';
import { z } from 'zod';
import { es } from '../../i18n/es';

/** At least 1 copy; an empty field counts as fewer than 1. */
export const printCopiesFormSchema = z.object({
  copies: z.number({ error: es.printing.copiesMin }).pipe(printCopiesSchema),
});
export type PrintCopiesForm = { copies: number | string };
