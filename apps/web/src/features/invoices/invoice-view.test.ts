import { INVOICE_STATUSES } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import {
  INVOICE_STATUS_COLORS,
  invoiceActions,
  invoiceNumber,
  invoiceTitle,
  shortUuid,
  showsPacMessage,
} from './invoice-view';

describe('how an invoice reads', () => {
  it('colours each status as the SAT state it means', () => {
    expect(INVOICE_STATUS_COLORS).toEqual({
      stamped: 'green',
      pending: 'yellow',
      refused: 'red',
      cancelling: 'orange',
      cancelled: 'gray',
    });
  });

  it('names it by serie and folio, and the folio alone without a serie', () => {
    expect(invoiceNumber({ series: 'A', folio: 12 })).toBe('A-12');
    expect(invoiceNumber({ series: '', folio: 7 })).toBe('7');
  });

  it('titles a nota de crédito, a complemento de pago, and an invoice by its number', () => {
    expect(invoiceTitle({ kind: 'credit', series: 'NC', folio: 2 })).toBe('Nota de crédito NC-2');
    expect(invoiceTitle({ kind: 'payment', series: 'P', folio: 3 })).toBe('Complemento de pago P-3');
    expect(invoiceTitle({ kind: 'receipts', series: 'A', folio: 12 })).toBe('A-12');
    expect(invoiceTitle({ kind: 'global', series: 'A', folio: 30 })).toBe('A-30');
  });

  it('shortens the UUID to its first 8 and last 4 characters, a dash until stamped', () => {
    expect(shortUuid('6F0A2B1C-1234-4ABC-9DEF-0123456789AB')).toBe('6F0A2B1C…89AB');
    expect(shortUuid(null)).toBe('—');
  });
});

describe('what an invoice offers', () => {
  it('offers the documents once stamped, Reintentar while pending and Cancelar while Vigente', () => {
    const offered = Object.fromEntries(INVOICE_STATUSES.map((status) => [status, invoiceActions(status)]));
    expect(offered).toEqual({
      pending: ['retry'],
      stamped: ['pdf', 'ticket', 'xml', 'share', 'cancel'],
      refused: [],
      cancelling: ['pdf', 'ticket', 'xml', 'share'],
      cancelled: ['pdf', 'ticket', 'xml', 'share'],
    });
  });

  it("shows the PAC's message of a refused or pending invoice only", () => {
    expect(showsPacMessage({ status: 'refused', pacMessage: 'CFDI40147 RFC inválido' })).toBe(true);
    expect(showsPacMessage({ status: 'pending', pacMessage: 'Tiempo de espera agotado' })).toBe(true);
    expect(showsPacMessage({ status: 'pending', pacMessage: null })).toBe(false);
    expect(showsPacMessage({ status: 'stamped', pacMessage: 'Tiempo de espera agotado' })).toBe(false);
  });
});
