// Texts of the printing feature. Many are product texts users and the e2e tests know: change them
// only on purpose, letter for letter.
import { MAX_PRINT_COPIES, PRINT_COPIES_MIN_MESSAGE } from '@mostrador/shared';

export const printing = {
  /** The receipt action menu's entry. */
  print: 'Imprimir',
  modalTitle: (id: number) => `Imprimir remisión #${id}`,
  copies: 'Copias',
  copiesHint: `De 1 a ${MAX_PRINT_COPIES}. Desde la segunda, cada copia dice «COPIA».`,
  copiesMin: PRINT_COPIES_MIN_MESSAGE,
  cancel: 'Cancelar',
  submit: 'Imprimir',
  sent: 'El recibo se envió a la impresora.',
  ready: 'Recibo listo para imprimir.',
  failed: 'Hubo un problema al imprimir el recibo. Inténtelo de nuevo.',
  createdButPrintFailed: 'El recibo fue creado pero hubo un problema al imprimir. Inténtelo de nuevo.',
  /** Title of the hidden frame that holds the PDF while the print dialog is open. */
  frameTitle: 'Recibo para imprimir',
} as const;
