// An amount in words as Mexican invoices print it ('CIENTO DIECISÉIS PESOS 00/100 M.N.'): the
// pesos in upper-case Spanish words, the centavos as a fraction of 100, 'M.N.' for moneda
// nacional. Every number here comes before a noun (PESOS, MIL, MILLONES), so 'uno' is always
// shortened: UN PESO, VEINTIÚN MIL, TREINTA Y UN MILLONES. An exact number of millions takes
// 'DE' (UN MILLÓN DE PESOS), as any other noun after 'millón' does.

const UNITS_TO_29 = [
  'CERO',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIÚN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 1–999. */
function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = hundreds > 0 ? [HUNDREDS[hundreds]!] : [];
  if (rest > 0 && rest < 30) words.push(UNITS_TO_29[rest]!);
  else if (rest >= 30) {
    const units = rest % 10;
    words.push(units > 0 ? `${TENS[Math.floor(rest / 10)]} Y ${UNITS_TO_29[units]}` : TENS[Math.floor(rest / 10)]!);
  }
  return words.join(' ');
}

/** 1–999 999. */
function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (thousands === 1) words.push('MIL');
  else if (thousands > 1) words.push(`${belowThousand(thousands)} MIL`);
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(' ');
}

const MILLION = 1_000_000;
const BILLION = MILLION * MILLION; // a 'billón' is a million millions

/** 0 and up, in words ('MIL MILLONES' for 10⁹, 'BILLÓN' for 10¹²). */
function numberInWords(n: number): string {
  if (n === 0) return UNITS_TO_29[0]!;
  const billions = Math.floor(n / BILLION);
  const millions = Math.floor((n % BILLION) / MILLION);
  const rest = n % MILLION;
  const words: string[] = [];
  if (billions > 0) words.push(billions === 1 ? 'UN BILLÓN' : `${belowMillion(billions)} BILLONES`);
  if (millions > 0) words.push(millions === 1 ? 'UN MILLÓN' : `${belowMillion(millions)} MILLONES`);
  if (rest > 0) words.push(belowMillion(rest));
  return words.join(' ');
}

/** 11 600 → 'CIENTO DIECISÉIS PESOS 00/100 M.N.'; 100 000 000 → 'UN MILLÓN DE PESOS 00/100 M.N.' */
export function amountInWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`amountInWords: se esperaban centavos enteros no negativos, no ${cents}`);
  }
  const pesos = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  const noun = pesos === 1 ? 'PESO' : 'PESOS';
  const of = pesos > 0 && pesos % MILLION === 0 ? 'DE ' : '';
  return `${numberInWords(pesos)} ${of}${noun} ${fraction}/100 M.N.`;
}
