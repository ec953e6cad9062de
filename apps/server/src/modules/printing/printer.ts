import { connect, type Socket } from 'node:net';
import { AppError } from '../../lib/errors.js';

// Sends a print job to a network thermal printer (raw TCP, usually port 9100). The job counts as
// sent only when the socket took every byte (write callback) and our end of the connection was
// closed cleanly (end callback); the whole exchange has one deadline, after which the socket is
// destroyed, so a printer that is off or hung never holds a request.

export const PRINTER_TEXTS = {
  unreachable: 'No se pudo conectar con la impresora.',
  lost: 'Se perdió la conexión con la impresora antes de enviar el recibo completo.',
  timeout: 'La impresora no respondió a tiempo.',
} as const;

export const printerUnreachable = (message: string = PRINTER_TEXTS.unreachable) =>
  new AppError(502, 'BAD_GATEWAY', message);
export const printerTimeout = () => new AppError(504, 'GATEWAY_TIMEOUT', PRINTER_TEXTS.timeout);

export interface PrinterAddress {
  host: string;
  port: number;
}

/** `tcp://host:port` (the configuration already checked the form). */
export function parsePrinterUrl(url: string): PrinterAddress {
  const match = /^tcp:\/\/([^:/]+):(\d{1,5})$/.exec(url);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port < 1 || port > 65535) throw new Error(`PRINTER_URL inválida: ${url}`);
  return { host: match[1]!, port };
}

/** How long a socket that finished sending may wait for the printer to close its side. */
const LINGER_MS = 10_000;

export function sendToPrinter(address: PrinterAddress, data: Buffer, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let connected = false;
    const socket: Socket = connect({ host: address.host, port: address.port });

    const finish = (error?: AppError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) {
        socket.destroy();
        reject(error);
        return;
      }
      // Our side is closed; let the printer close its own, but never keep the socket forever.
      const linger = setTimeout(() => socket.destroy(), LINGER_MS);
      linger.unref();
      socket.once('close', () => clearTimeout(linger));
      resolve();
    };

    const deadline = setTimeout(() => finish(printerTimeout()), timeoutMs);
    socket.setNoDelay(true);
    // Anything the printer sends back (status bytes) is read and dropped.
    socket.on('data', () => {});
    socket.on('error', () => finish(connected ? printerUnreachable(PRINTER_TEXTS.lost) : printerUnreachable()));
    socket.on('close', () => finish(printerUnreachable(PRINTER_TEXTS.lost)));
    socket.once('connect', () => {
      connected = true;
      let written = false;
      socket.write(data, (error) => {
        if (error) finish(printerUnreachable(PRINTER_TEXTS.lost));
        else written = true;
      });
      socket.end(() => {
        if (written) finish();
      });
    });
  });
}
