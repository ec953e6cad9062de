// Text as a single-byte printer or PDF font can show it (ESC/POS in PC850, PDF Helvetica in
// WinAnsi). Every document the server draws folds its text through here, so a name with an
// emoji or non-Latin letters prints as close as it can, never as garbage.

/** Intl puts narrow no-break spaces in times ("12:30 p.m."); neither WinAnsi nor CP850 has one. */
export const plainSpaces = (text: string) => text.replace(/[\u00A0\u202F\u2009\u2007]/g, ' ');

const TYPOGRAPHIC: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u2022': '*',
  '\u20AC': 'EUR',
};

/**
 * Text as a single-byte printer or font can show it: control characters become spaces (a
 * product name can never smuggle a printer command), characters `canEncode` refuses lose their
 * accents ("ŝ" → "s") or become their plain look-alike (“ ” → "), and anything else becomes "?".
 */
export function foldText(text: string, canEncode: (char: string) => boolean): string {
  let out = '';
  for (const char of plainSpaces(text)) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
    } else if (canEncode(char)) {
      out += char;
    } else {
      const lookAlike = TYPOGRAPHIC[char];
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (lookAlike && [...lookAlike].every(canEncode)) out += lookAlike;
      else if (bare && bare !== char && [...bare].every(canEncode)) out += bare;
      else out += '?';
    }
  }
  return out;
}

/** WinAnsi: Latin-1 plus the typographic characters Windows-1252 puts in 0x80–0x9F. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const inWinAnsi = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

/** Text for pdfkit's standard fonts (Helvetica), which encode WinAnsi only. */
export const winAnsi = (text: string) => foldText(text, inWinAnsi);
