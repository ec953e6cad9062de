import { describe, expect, it } from 'vitest';
import { toApiPath } from './api/api-path';
import { printCopiesFormSchema } from './print-copies';

const errorOf = (copies: unknown) => printCopiesFormSchema.safeParse({ copies }).error?.issues[0]?.message;

describe('print copies form', () => {
  it('takes 1 to 10 whole copies', () => {
    expect(errorOf(1)).toBeUndefined();
    expect(errorOf(10)).toBeUndefined();
  });

  it('asks for at least 1 when the field is 0, negative or empty', () => {
    for (const copies of [0, -2, '', undefined]) {
      expect(errorOf(copies), String(copies)).toBe('El número de copias debe ser al menos 1.');
    }
  });

  it('refuses more than 10 and fractions', () => {
    expect(errorOf(11)).toBe('El número de copias no puede ser mayor que 10.');
    expect(errorOf(1.5)).toBe('El número de copias debe ser un número entero.');
  });
});

describe('toApiPath', () => {
  it('makes the server’s /api path relative to the API client’s base', () => {
    expect(toApiPath('/api/receipt/pdf/7?copies=2')).toBe('/receipt/pdf/7?copies=2');
    expect(toApiPath('/apitos/x')).toBe('/apitos/x');
  });
});
