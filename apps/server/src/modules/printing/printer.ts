import { connect, type Socket } from 'node:net';
import { AppError } from '../../lib/errors.js';

// Sends a print job to a network thermal printer (raw TCP, usually port 9100). The job counts as
// printed only when the socket took every byte, our end was closed, and the printer then closed
// its own end cleanly (it read everything: a printer that resets the connection part way has
// dropped the rest). The whole exchange has one deadline, after which the socket is destroyed,
// so a printer that is off or hung never holds a request.

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

export function sendToPrinter(address: PrinterAddress, data: Buffer, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let connected = false;
    let sent = false;
    const socket: Socket = connect({ host: address.host, port: address.port });

    const finish = (error?: AppError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };

    const deadline = setTimeout(() => finish(printerTimeout()), timeoutMs);
    socket.setNoDelay(true);
    // Anything the printer sends back (status bytes) is read and dropped.
    socket.on('data', () => {});
    socket.on('error', () => finish(connected ? printerUnreachable(PRINTER_TEXTS.lost) : printerUnreachable()));
    socket.on('close', (hadError) => finish(sent && !hadError ? undefined : printerUnreachable(PRINTER_TEXTS.lost)));
    socket.once('connect', () => {
      connected = true;
      socket.write(data, (error) => {
        if (error) finish(printerUnreachable(PRINTER_TEXTS.lost));
      });
      socket.end(() => {
        sent = socket.bytesWritten >= data.length;
      });
    });
  });
}
