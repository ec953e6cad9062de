import { Rfc } from '@nodecfdi/rfc';

/** The SAT's generic RFCs: the general public, and foreign customers. */
export const RFC_GENERIC = 'XAXX010101000';
export const RFC_FOREIGN = 'XEXX010101000';

export const RFC_MESSAGES = {
  format: 'El RFC no tiene un formato válido (12 caracteres para persona moral, 13 para persona física).',
  checkDigit: 'El dígito verificador del RFC no coincide; revisa que esté bien escrito.',
} as const;

/** Upper case, no spaces or dashes: how an RFC is typed is not what it is. */
export function normalizeRfc(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * Null when `rfc` (normalised) is a well-formed RFC whose check digit matches; otherwise the
 * Spanish reason. The two generic RFCs are always accepted (XAXX010101000's digit does not match
 * the algorithm, yet it is the SAT's own).
 */
export function rfcProblem(rfc: string): string | null {
  if (rfc === RFC_GENERIC || rfc === RFC_FOREIGN) return null;
  const parsed = Rfc.parseOrNull(rfc);
  if (!parsed) return RFC_MESSAGES.format;
  return parsed.doesCheckSumMatch() ? null : RFC_MESSAGES.checkDigit;
}

/** 13 characters: persona física; 12: persona moral. */
export function rfcPerson(rfc: string): 'fisica' | 'moral' {
  return rfc.length === 13 ? 'fisica' : 'moral';
}
