import { describe, expect, it } from 'vitest';
import {
  AUTOFACTURA_MESSAGES,
  autofacturaIssueBodySchema,
  autofacturaQuerySchema,
  autofacturaReceiverSchema,
  publicInvoiceQuerySchema,
  TAX_MESSAGES,
} from '../src/index.js';

// What the customer types on the autofactura page, checked with the same Spanish messages on the
// page and on the server: the receiver's fields, the uso de CFDI and the e-mail required, the uso
// allowed for the régimen, never the generic RFC.

const RECEIVER = {
  rfc: 'cacx-760510-1p8',
  legalName: ' xochilt  casas chavez ',
  taxRegime: '612',
  taxZipCode: '64000',
  cfdiUse: 'g03',
  invoiceEmail: ' Xochilt@Correo.MX ',
};

const messagesOf = (value: unknown) => {
  const result = autofacturaReceiverSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the autofactura receiver', () => {
  it('normalises as an invoice receiver: RFC, razón social and uso upper case, e-mail lower case', () => {
    expect(autofacturaReceiverSchema.parse(RECEIVER)).toEqual({
      rfc: 'CACX7605101P8',
      legalName: 'XOCHILT CASAS CHAVEZ',
      taxRegime: '612',
      taxZipCode: '64000',
      cfdiUse: 'G03',
      invoiceEmail: 'xochilt@correo.mx',
    });
  });

  it('requires the e-mail and the uso de CFDI', () => {
    const { invoiceEmail: _email, cfdiUse: _use, ...rest } = RECEIVER;
    expect(messagesOf(rest)).toEqual([
      ['cfdiUse', TAX_MESSAGES.cfdiUse],
      ['invoiceEmail', AUTOFACTURA_MESSAGES.emailRequired],
    ]);
    expect(messagesOf({ ...RECEIVER, invoiceEmail: '  ' })).toEqual([
      ['invoiceEmail', AUTOFACTURA_MESSAGES.emailRequired],
    ]);
    expect(messagesOf({ ...RECEIVER, invoiceEmail: 'no-es-correo' })).toEqual([
      ['invoiceEmail', TAX_MESSAGES.invoiceEmail],
    ]);
  });

  it('refuses the generic RFC, a régimen of the other kind of person and a uso the régimen does not allow', () => {
    expect(messagesOf({ ...RECEIVER, rfc: 'XAXX010101000', taxRegime: '616' })).toEqual([
      ['rfc', AUTOFACTURA_MESSAGES.genericRfc],
    ]);
    expect(messagesOf({ ...RECEIVER, taxRegime: '601' })).toEqual([['taxRegime', TAX_MESSAGES.taxRegimePerson]]);
    // D01 (honorarios médicos) is for personas físicas' régimenes: not 601.
    expect(messagesOf({ ...RECEIVER, rfc: 'EKU9003173C9', taxRegime: '601', cfdiUse: 'D01' })).toEqual([
      ['cfdiUse', AUTOFACTURA_MESSAGES.cfdiUseRegime],
    ]);
    expect(messagesOf({ ...RECEIVER, extra: 1 })).toHaveLength(1);
  });
});

describe('the links’ tokens', () => {
  it('the ticket’s token: base-36 id, a dot, 16 signature characters', () => {
    expect(autofacturaQuerySchema.parse({ token: ' ya.AbCdEfGhIjKl_-Op ' }).token).toBe('ya.AbCdEfGhIjKl_-Op');
    for (const token of ['', 'ya', 'YA.AbCdEfGhIjKlMnOp', 'ya.AbCdEfGhIjKlMnO', 'ya/AbCdEfGhIjKlMnOp']) {
      expect(autofacturaQuerySchema.safeParse({ token }).error?.issues[0]?.message).toBe(
        AUTOFACTURA_MESSAGES.invalidLink,
      );
    }
    expect(autofacturaIssueBodySchema.safeParse({ token: 'ya.AbCdEfGhIjKlMnOp', receiver: RECEIVER }).success).toBe(
      true,
    );
  });

  it('the download’s token and format', () => {
    expect(publicInvoiceQuerySchema.safeParse({ token: '2b.t3k9zs.AbCdEfGhIjKlMnOp', format: 'xml' }).success).toBe(
      true,
    );
    expect(publicInvoiceQuerySchema.safeParse({ token: '2b.t3k9zs.AbCdEfGhIjKlMnOp', format: 'zip' }).success).toBe(
      false,
    );
    expect(publicInvoiceQuerySchema.safeParse({ token: '2b.AbCdEfGhIjKlMnOp', format: 'pdf' }).success).toBe(false);
  });
});
