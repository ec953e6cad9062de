import { foldText } from '../../lib/fold-text.js';
import { type Ticket, TICKET_TEXTS, type TicketRow } from './ticket.js';

// The ticket as ESC/POS bytes for a thermal printer (Epson TM series and the many compatibles).
// Text is sent in code page PC850 (Multilingual Latin 1), selected with ESC t 2: it has every
// Spanish letter (á é í ó ú ñ ü, their capitals, ¿ ¡) and is among the tables nearly every
// ESC/POS printer ships. (PC858 is PC850 with € in place of ı, but its ESC t number varies
// between makers; € is written as "EUR".) Font A: 42 columns on 80 mm paper, 32 on 58 mm.

export const ESC = 0x1b;
export const GS = 0x1d;
const LF = 0x0a;

export const COMMANDS = {
  /** ESC @: initialise (clears modes left by a previous job). */
  init: [ESC, 0x40],
  /** ESC t 2: character code table PC850. */
  codePagePc850: [ESC, 0x74, 2],
  alignLeft: [ESC, 0x61, 0],
  alignCenter: [ESC, 0x61, 1],
  boldOn: [ESC, 0x45, 1],
  boldOff: [ESC, 0x45, 0],
  /** GS ! 0x11: double width and double height. */
  doubleOn: [GS, 0x21, 0x11],
  doubleOff: [GS, 0x21, 0],
  /** ESC d 3: print and feed 3 lines, so the text clears the cutter. */
  feed: [ESC, 0x64, 3],
  /** GS V 66 0: feed to the cutting position and cut, leaving one point uncut (partial cut). */
  partialCut: [GS, 0x56, 0x42, 0],
  /** ESC p 0 25 250: pulse the cash drawer on pin 2 (on 50 ms, off 500 ms). */
  drawerKick: [ESC, 0x70, 0, 25, 250],
  /** GS ( k <fn 65>: QR model 2. */
  qrModel2: [GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0],
  /** GS ( k <fn 67>: each module 6 dots wide. */
  qrModuleSize: [GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, 6],
  /** GS ( k <fn 69>: error correction level M (15 %), as the PDF ticket's QR. */
  qrErrorCorrectionM: [GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31],
  /** GS ( k <fn 81>: print the stored QR symbol. */
  qrPrint: [GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30],
} as const;

/**
 * The printer's own QR code (GS ( k): model 2, 6-dot modules (a link of ~50 characters is a
 * 33-module symbol, 25 mm at 203 dpi, on 58 mm paper too), error correction M, the data stored
 * (fn 80, its length + 3 in pL pH), then printed. The printer draws it: no raster image to send.
 */
export function qrCodeCommands(data: string): Buffer {
  const bytes = Buffer.from(data, 'utf8');
  const stored = bytes.length + 3;
  return Buffer.concat([
    Buffer.from(COMMANDS.qrModel2),
    Buffer.from(COMMANDS.qrModuleSize),
    Buffer.from(COMMANDS.qrErrorCorrectionM),
    Buffer.from([GS, 0x28, 0x6b, stored & 0xff, stored >> 8, 0x31, 0x50, 0x30]),
    bytes,
    Buffer.from(COMMANDS.qrPrint),
  ]);
}

/** CP850 bytes of U+00A0…U+00FF (CP850 holds all of Latin-1, in its own order). */
const LATIN1_TO_CP850 = Uint8Array.from(
  (
    'ff ad bd 9c cf be dd f5 f9 b8 a6 ae aa f0 a9 ee f8 f1 fd fc ef e6 f4 fa f7 fb a7 af ac ab f3 a8 ' +
    'b7 b5 b6 c7 8e 8f 92 80 d4 90 d2 d3 de d6 d7 d8 d1 a5 e3 e0 e2 e5 99 9e 9d eb e9 ea 9a ed e8 e1 ' +
    '85 a0 83 c6 84 86 91 87 8a 82 88 89 8d a1 8c 8b d0 a4 95 a2 93 e4 94 f6 9b 97 a3 96 81 ec e7 98'
  )
    .split(' ')
    .map((hex) => parseInt(hex, 16)),
);

const inCp850 = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff);
};

/** Text in PC850; characters outside it are folded first (see foldText). */
export function encodeCp850(text: string): Buffer {
  const folded = foldText(text, inCp850);
  const bytes = Buffer.alloc(folded.length);
  for (let i = 0; i < folded.length; i++) {
    const code = folded.charCodeAt(i);
    bytes[i] = code < 0x80 ? code : LATIN1_TO_CP850[code - 0xa0]!;
  }
  return bytes;
}

export const COLUMNS: Record<80 | 58, number> = { 80: 42, 58: 32 };

/** Words into lines of at most `width` characters (a longer word is cut). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** "Label          value" in `width` columns; a value that does not fit goes right-aligned below. */
export function labelValue(label: string, value: string, width: number): string[] {
  if (label.length + 1 + value.length <= width)
    return [label + ' '.repeat(width - label.length - value.length) + value];
  return [...wrap(label, width), ...wrap(value, width).map((line) => line.padStart(width))];
}

class Job {
  private parts: Buffer[] = [];
  command(bytes: readonly number[]) {
    this.parts.push(Buffer.from(bytes));
    return this;
  }
  line(text = '') {
    this.parts.push(encodeCp850(text), Buffer.from([LF]));
    return this;
  }
  raw(bytes: Buffer) {
    this.parts.push(bytes);
    return this;
  }
  bytes() {
    return Buffer.concat(this.parts);
  }
}

export interface EscPosOptions {
  columns: number;
  copies: number;
}

function ticketCopy(job: Job, ticket: Ticket, columns: number, copy: boolean) {
  // Characters are measured after folding, as the printer will print them.
  const fold = (text: string) => foldText(text, inCp850);
  const rule = () => job.line('-'.repeat(columns));
  const row = ({ label, value, bold }: TicketRow) => {
    if (bold) job.command(COMMANDS.boldOn);
    for (const line of labelValue(fold(label), fold(value), columns)) job.line(line);
    if (bold) job.command(COMMANDS.boldOff);
  };

  job.command(COMMANDS.init).command(COMMANDS.codePagePc850).command(COMMANDS.alignCenter);
  // The name in double size: half as many columns.
  job.command(COMMANDS.boldOn).command(COMMANDS.doubleOn);
  for (const line of wrap(fold(ticket.business.name), Math.floor(columns / 2))) job.line(line);
  job.command(COMMANDS.doubleOff).command(COMMANDS.boldOff);
  for (const detail of ticket.business.details) for (const line of wrap(fold(detail), columns)) job.line(line);
  if (copy) {
    job.line().command(COMMANDS.boldOn).command(COMMANDS.doubleOn).line(TICKET_TEXTS.copy);
    job.command(COMMANDS.doubleOff).command(COMMANDS.boldOff);
  }
  job.command(COMMANDS.alignLeft);
  rule();
  job.command(COMMANDS.boldOn);
  for (const line of wrap(fold(ticket.folio), columns)) job.line(line);
  job.command(COMMANDS.boldOff);
  ticket.rows.forEach(row);
  rule();
  if (ticket.itemsHeading !== null) {
    row(ticket.itemsHeading ?? { label: TICKET_TEXTS.product, value: TICKET_TEXTS.amount, bold: true });
    rule();
    for (const item of ticket.items) {
      for (const line of wrap(fold(item.name), columns)) job.line(line);
      for (const line of labelValue(`  ${fold(item.detail)}`, fold(item.total), columns)) job.line(line);
    }
    rule();
  }
  ticket.totals.forEach(row);
  if (ticket.payments) {
    rule();
    job.command(COMMANDS.boldOn).line(TICKET_TEXTS.payments).command(COMMANDS.boldOff);
    if (ticket.payments.length === 0) job.line(TICKET_TEXTS.noPayments);
    for (const p of ticket.payments) {
      const label = [p.date, p.note, p.cancelled ? TICKET_TEXTS.paymentCancelled : ''].filter(Boolean).join(' ');
      row({ label, value: p.amount });
    }
  }
  if (ticket.promissory) {
    rule();
    for (const line of wrap(fold(ticket.promissory.text), columns)) job.line(line);
    // Room for the client to sign, then the line they sign on and their name under it.
    job.line().line().line().command(COMMANDS.alignCenter);
    job.line('_'.repeat(columns - 10));
    for (const line of wrap(fold(ticket.promissory.signer), columns)) job.line(line);
    job.command(COMMANDS.alignLeft);
  }
  if (ticket.business.footer.length > 0) {
    rule();
    job.command(COMMANDS.alignCenter);
    for (const footer of ticket.business.footer) for (const line of wrap(fold(footer), columns)) job.line(line);
    job.command(COMMANDS.alignLeft);
  }
  if (ticket.invoiceLink) {
    // Last, centred: the words, the link (cut where it does not fit) and its QR.
    rule();
    job.command(COMMANDS.alignCenter).line(TICKET_TEXTS.invoiceHere);
    for (const line of wrap(ticket.invoiceLink, columns)) job.line(line);
    job.raw(qrCodeCommands(ticket.invoiceLink)).command(COMMANDS.alignLeft);
  }
  job.command(COMMANDS.feed).command(COMMANDS.partialCut);
}

/** The whole print job: each copy starts with ESC @ and ends with a partial cut; 'COPIA' from the second. */
export function ticketToEscPos(ticket: Ticket, { columns, copies }: EscPosOptions): Buffer {
  const job = new Job();
  for (let copy = 0; copy < copies; copy++) ticketCopy(job, ticket, columns, copy > 0);
  return job.bytes();
}

/** The drawer kick alone (ESC p 0 25 250): sent after a cash sale and a shift's close. */
export function drawerKickJob(): Buffer {
  return Buffer.from(COMMANDS.drawerKick);
}
