import { execFile } from 'node:child_process';
import { createHash, createPrivateKey, randomBytes, randomUUID, sign, verify, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SaxesParser } from 'saxes';
import { SAT_XML_DIR, satFile, schemaProblems, transform } from './sat-tools.js';

// A PAC on 127.0.0.1 speaking SW Sapien's REST protocol, for development and tests: a real HTTP
// server, so the client is tested at the network boundary. It checks what a PAC checks (the
// SAT's schema, the seal over the SAT XSLT's cadena original with the certificate inside the XML,
// the certificate's number and RFC, the amounts), stamps a TimbreFiscalDigital 1.1 signed by a
// fake SAT certificate made at start, and answers a repeated XML with its first stamp. Tests can
// make it slow, refuse, or drop the connection after stamping. Never part of the server's bundle.

export const FAKE_PAC_USER = 'pruebas@mostrador.local';
export const FAKE_PAC_PASSWORD = 'pac-de-pruebas';
/** The PAC's RFC written in every stamp (SW Sapien's). */
export const FAKE_RFC_PROV_CERTIF = 'SPR190613I52';
/** The fake SAT certificate's number (its serial as ASCII digits, like the SAT's). */
export const FAKE_SAT_CERTIFICATE_NUMBER = '00001000000700000001';

const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
const TFD_SCHEMA_LOCATION = `${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`;
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface FakePacOptions {
  port?: number;
  user?: string;
  password?: string;
  /** How long a token lives (default 2 hours). */
  tokenTtlMs?: number;
  /** Where the SAT's XML files are (default apps/server/sat/xml). */
  satXmlDir?: string;
}

export interface StampRecord {
  uuid: string;
  /** The sealed XML as it arrived. */
  sealedXml: string;
  /** The stamped XML as answered. */
  cfdi: string;
  emisorRfc: string;
  /** The CFDI's Sello, as the TFD's SelloCFD. */
  selloCFD: string;
  fechaTimbrado: string;
  selloSAT: string;
  cadenaOriginalSAT: string;
  cancellation: { motivo: string; folioSustitucion: string | null } | null;
}

export interface FakePac {
  url: string;
  user: string;
  password: string;
  /** The fake SAT certificate (DER) whose key signs every SelloSAT. */
  satCertificate: Buffer;
  /** The next stamp or cancel is answered only after `ms` (its work done first). */
  slowNext(ms: number): void;
  /** The next stamp or cancel is refused with this message. */
  refuseNext(message: string, messageDetail?: string): void;
  /** The next `n` stamps are made and recorded, then their connection is destroyed unanswered. */
  dropAfterStamping(n?: number): void;
  /** The next `n` stamps are not made: their connection is destroyed at once (the PAC is down). */
  downFor(n: number): void;
  /** Every token handed out so far stops being accepted (as when they expire). */
  expireTokens(): void;
  /** What was stamped, once per distinct XML, in order. */
  stamped(): StampRecord[];
  /** How many requests of each kind arrived. */
  calls(): { authenticate: number; stamp: number; cancel: number };
  stop(): Promise<void>;
}

/** A refusal as the PAC answers it: an HTTP status and SW's error body. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly messageDetail = '',
  ) {
    super(message);
  }
}

interface Element {
  uri: string;
  local: string;
  attributes: Record<string, string>;
  children: Element[];
}

/** The XML's elements (namespace and local name, attributes by local name); text is ignored. */
function parseXml(xml: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Element[] = [];
  let root: Element | null = null;
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns' && !attribute.uri) {
        attributes[attribute.local] = attribute.value;
      }
    }
    const element: Element = { uri: tag.uri, local: tag.local, attributes, children: [] };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => stack.pop());
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  if (!root) throw new Error('sin elemento raíz');
  return root;
}

const childrenOf = (element: Element | undefined, local: string) =>
  element?.children.filter((child) => child.uri === CFDI_NS && child.local === local) ?? [];

/** A decimal string in millionths (the SAT's amounts have at most 6 decimals). */
function micros(value: string | undefined): bigint {
  if (value === undefined) return 0n;
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(value);
  if (!match) throw new Refusal(400, `CFDI40101 - El importe '${value}' no es un número válido.`);
  const amount = BigInt(match[2]!) * 1_000_000n + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] ? -amount : amount;
}
/** Millionths rounded (half up) to centavos. */
const centavos = (amount: bigint) => (amount >= 0n ? (amount + 5_000n) / 10_000n : -((-amount + 5_000n) / 10_000n));
const twoDecimals = (value: string | undefined) => value === undefined || /^-?\d+(\.\d{1,2})?$/.test(value);
const pesos = (c: bigint) =>
  `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Now in central Mexico's time, as the SAT writes FechaTimbrado. */
function mexicoNow(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Mexico_City',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The RFC a SAT certificate names: the first value of x500UniqueIdentifier ('RFC / CURP'). */
function certificateRfc(certificate: X509Certificate): string | null {
  const line = certificate.subject.split('\n').find((entry) => entry.startsWith('x500UniqueIdentifier='));
  return line?.slice('x500UniqueIdentifier='.length).split('/')[0]?.trim() || null;
}
const certificateNumber = (certificate: X509Certificate) =>
  Buffer.from(certificate.serialNumber, 'hex').toString('ascii');

/** A self-signed stand-in for the SAT's stamping certificate. */
async function makeSatCertificate(): Promise<{ der: Buffer; keyPem: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'mostrador-fake-sat-'));
  try {
    await promisify(execFile)(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-outform',
        'PEM',
        '-days',
        '3650',
        '-set_serial',
        `0x${Buffer.from(FAKE_SAT_CERTIFICATE_NUMBER, 'ascii').toString('hex')}`,
        '-subj',
        '/CN=A.C. DEL SERVICIO DE ADMINISTRACION TRIBUTARIA (PRUEBAS)/O=SERVICIO DE ADMINISTRACION TRIBUTARIA',
      ],
      { cwd: dir },
    );
    const pem = await readFile(join(dir, 'cert.pem'), 'utf8');
    return { der: Buffer.from(new X509Certificate(pem).raw), keyPem: await readFile(join(dir, 'key.pem'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The `xml` file of a multipart/form-data body. */
function multipartXml(body: Buffer, contentType: string | undefined): string | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!boundary) return null;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  for (const part of body.toString('latin1').split(delimiter)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!/content-disposition:[^\r\n]*\bname="xml"/i.test(headers)) continue;
    return Buffer.from(part.slice(split + 4).replace(/\r\n$/, ''), 'latin1').toString('utf8');
  }
  return null;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Refusal(413, 'El cuerpo de la solicitud es demasiado grande.'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakePac(options: FakePacOptions = {}): Promise<FakePac> {
  const user = options.user ?? FAKE_PAC_USER;
  const password = options.password ?? FAKE_PAC_PASSWORD;
  const tokenTtlMs = options.tokenTtlMs ?? 2 * 60 * 60 * 1000;
  const satDir = options.satXmlDir ?? SAT_XML_DIR;
  const sat = await makeSatCertificate();
  const satKey = createPrivateKey(sat.keyPem);

  const tokens = new Map<string, number>();
  /** Stamps by the sealed XML's SHA-256; a promise while one is being made. */
  const byXml = new Map<string, Promise<StampRecord>>();
  const records: StampRecord[] = [];
  const counts = { authenticate: 0, stamp: 0, cancel: 0 };
  const hooks = {
    slowMs: 0,
    refusal: null as { message: string; messageDetail: string } | null,
    drops: 0,
    downs: 0,
  };

  async function stampXml(xml: string): Promise<StampRecord> {
    if (/TimbreFiscalDigital/.test(xml)) throw new Refusal(400, 'CFDI40307 - El CFDI contiene un timbre previo.');
    // A complemento (Pagos 2.0) is validated by its own schema too: cfdv40.xsd leaves it open.
    const schema = /<(?:[\w.-]+:)?Complemento[\s>]/.test(xml) ? 'stampedSchema' : 'cfdiSchema';
    const problems = await schemaProblems(satFile(schema, satDir), xml);
    if (problems.length > 0) {
      throw new Refusal(400, 'CFDI40301 - El XML no cumple con el esquema del SAT (Anexo 20).', problems.join('\n'));
    }
    const root = parseXml(xml);
    const cfdi = root.attributes;
    const emisor = childrenOf(root, 'Emisor')[0]!;

    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(Buffer.from(cfdi.Certificado ?? '', 'base64'));
    } catch {
      throw new Refusal(400, 'CFDI40103 - El campo Certificado no contiene un certificado válido.');
    }
    if (certificateNumber(certificate) !== cfdi.NoCertificado) {
      throw new Refusal(
        400,
        'CFDI40104 - El campo NoCertificado no corresponde con el número del certificado.',
        `NoCertificado ${cfdi.NoCertificado}; certificado ${certificateNumber(certificate)}`,
      );
    }
    if (certificateRfc(certificate) !== emisor.attributes.Rfc) {
      throw new Refusal(
        400,
        'CFDI40303 - El certificado no corresponde al RFC del Emisor.',
        `Emisor ${emisor.attributes.Rfc}; certificado ${certificateRfc(certificate) ?? 'sin RFC'}`,
      );
    }
    const fecha = new Date(`${cfdi.Fecha}-06:00`);
    if (!(fecha >= new Date(certificate.validFrom) && fecha <= new Date(certificate.validTo))) {
      throw new Refusal(400, 'CFDI40305 - La fecha de emisión no está dentro de la vigencia del CSD del Emisor.');
    }
    const cadena = await transform(satFile('cfdiCadena', satDir), xml);
    const sealed = verify(
      'sha256',
      Buffer.from(cadena, 'utf8'),
      certificate.publicKey,
      Buffer.from(cfdi.Sello ?? '', 'base64'),
    );
    if (!sealed) {
      throw new Refusal(
        400,
        'CFDI40102 - El resultado de la digestión debe ser igual al resultado de la desencripción del sello.',
        `Cadena original: ${cadena}`,
      );
    }
    checkAmounts(root);

    // The stamp: its cadena (without SelloSAT) by the SAT's XSLT, signed with the SAT's key.
    const stamp: Record<string, string> = {
      Version: '1.1',
      UUID: randomUUID().toUpperCase(),
      FechaTimbrado: mexicoNow(),
      RfcProvCertif: FAKE_RFC_PROV_CERTIF,
      SelloCFD: cfdi.Sello!,
      NoCertificadoSAT: FAKE_SAT_CERTIFICATE_NUMBER,
    };
    const tfd = (fields: Record<string, string>) =>
      `<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${TFD_SCHEMA_LOCATION}" ${Object.entries(
        fields,
      )
        .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
        .join(' ')}/>`;
    const cadenaOriginalSAT = await transform(satFile('tfdCadena', satDir), tfd(stamp));
    const selloSAT = sign('sha256', Buffer.from(cadenaOriginalSAT, 'utf8'), satKey).toString('base64');
    return {
      uuid: stamp.UUID!,
      sealedXml: xml,
      cfdi: withComplement(xml, tfd({ ...stamp, SelloSAT: selloSAT })),
      emisorRfc: emisor.attributes.Rfc!,
      selloCFD: stamp.SelloCFD!,
      fechaTimbrado: stamp.FechaTimbrado!,
      selloSAT,
      cadenaOriginalSAT,
      cancellation: null,
    };
  }

  /** Stamps once per distinct XML: a repeat (even while the first is at work) gets the first stamp. */
  function stampOnce(xml: string): Promise<StampRecord> {
    const key = createHash('sha256').update(xml, 'utf8').digest('hex');
    let stamping = byXml.get(key);
    if (!stamping) {
      stamping = stampXml(xml).then((record) => {
        records.push(record);
        return record;
      });
      byXml.set(key, stamping);
      stamping.catch(() => byXml.delete(key));
    }
    return stamping;
  }

  function checkToken(request: IncomingMessage) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new Refusal(401, 'AU1001 - No se envió el token de autenticación.');
    const expires = tokens.get(token);
    if (expires === undefined || expires <= Date.now()) {
      throw new Refusal(401, 'AU1002 - El token no es válido o expiró.');
    }
  }

  /**
   * The hooks set for the next stamp or cancel, taken when it arrives (past the token check), so
   * a request still at work never takes the ones set for a later one.
   */
  function takeHooks(kind: 'stamp' | 'cancel') {
    const taken = {
      slowMs: hooks.slowMs,
      refusal: hooks.refusal,
      drop: kind === 'stamp' && hooks.drops > 0,
      down: kind === 'stamp' && hooks.downs > 0,
    };
    hooks.slowMs = 0;
    hooks.refusal = null;
    if (taken.drop) hooks.drops--;
    if (taken.down) hooks.downs--;
    return taken;
  }

  async function cancel(body: Record<string, unknown>) {
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const uuid = text('uuid').toUpperCase();
    const motivo = text('motivo');
    const substitute = text('foliosustitucion').toUpperCase();
    if (!['01', '02', '03', '04'].includes(motivo)) {
      throw new Refusal(400, 'CA1100 - El motivo de cancelación debe ser 01, 02, 03 o 04.', `motivo '${motivo}'`);
    }
    if (motivo === '01' && !/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/.test(substitute)) {
      throw new Refusal(400, 'CA1101 - El motivo 01 requiere el UUID que sustituye al CFDI (foliosustitucion).');
    }
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(Buffer.from(text('b64Cer'), 'base64'));
      const key = createPrivateKey({
        key: Buffer.from(text('b64Key'), 'base64'),
        format: 'der',
        type: 'pkcs8',
        passphrase: text('password'),
      });
      if (!certificate.checkPrivateKey(key)) throw new Error('otra llave');
    } catch {
      throw new Refusal(400, 'CA1200 - El certificado, la llave o su contraseña no son válidos o no corresponden.');
    }
    if (certificateRfc(certificate) !== text('rfc')) {
      throw new Refusal(400, 'CA1201 - El certificado no corresponde al RFC emisor.');
    }
    const record = records.find((stamped) => stamped.uuid === uuid);
    if (!record || record.emisorRfc !== text('rfc')) {
      throw new Refusal(404, 'CA1202 - El UUID no existe o no pertenece al emisor.', `UUID ${uuid} (EstatusUUID 205)`);
    }
    const statusCode = record.cancellation ? '202' : '201';
    record.cancellation ??= { motivo, folioSustitucion: motivo === '01' ? substitute : null };
    const acuse =
      `<?xml version="1.0" encoding="utf-8"?><Acuse xmlns="http://cancelacfd.sat.gob.mx" ` +
      `Fecha="${mexicoNow()}" RfcEmisor="${escapeAttribute(record.emisorRfc)}"><Folios><UUID>${uuid}</UUID>` +
      `<EstatusUUID>${statusCode}</EstatusUUID><Motivo>${motivo}</Motivo></Folios></Acuse>`;
    return { acuse, uuid: { [uuid]: statusCode } };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    /** How long this request's answer waits (slowNext), refusals included. */
    let slowMs = 0;
    try {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (request.method !== 'POST') throw new Refusal(405, 'Método no permitido; usa POST.');
      const body = await readBody(request);
      if (path === '/v2/security/authenticate') {
        counts.authenticate++;
        const credentials = JSON.parse(body.toString('utf8') || '{}') as { user?: unknown; password?: unknown };
        if (credentials.user !== user || credentials.password !== password) {
          throw new Refusal(
            401,
            'AU2000 - El usuario y/o la contraseña son inválidos, no se puede autenticar el servicio.',
          );
        }
        const token = randomBytes(32).toString('base64url');
        const expires = Date.now() + tokenTtlMs;
        tokens.set(token, expires);
        answer(200, {
          status: 'success',
          data: { token, expires_in: Math.floor(expires / 1000), tokeny_type: 'bearer' },
        });
      } else if (path === '/cfdi33/stamp/v4') {
        counts.stamp++;
        checkToken(request);
        const taken = takeHooks('stamp');
        if (taken.down) {
          request.socket.destroy();
          return;
        }
        slowMs = taken.slowMs;
        if (taken.refusal) throw new Refusal(400, taken.refusal.message, taken.refusal.messageDetail);
        const xml = multipartXml(body, request.headers['content-type']);
        if (!xml) throw new Refusal(400, 'CFDI40300 - No se recibió el XML (campo xml).');
        const record = await stampOnce(xml);
        if (taken.drop) {
          request.socket.destroy();
          return;
        }
        await sleep(slowMs);
        answer(200, {
          status: 'success',
          data: {
            cfdi: record.cfdi,
            uuid: record.uuid,
            fechaTimbrado: record.fechaTimbrado,
            noCertificadoSAT: FAKE_SAT_CERTIFICATE_NUMBER,
            selloSAT: record.selloSAT,
            selloCFDI: record.selloCFD,
            cadenaOriginalSAT: record.cadenaOriginalSAT,
          },
        });
      } else if (path === '/cfdi33/cancel/csd') {
        counts.cancel++;
        checkToken(request);
        const taken = takeHooks('cancel');
        slowMs = taken.slowMs;
        if (taken.refusal) throw new Refusal(400, taken.refusal.message, taken.refusal.messageDetail);
        const data = await cancel(JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
        await sleep(slowMs);
        answer(200, { status: 'success', data });
      } else {
        // As a web server answers an unknown address: not SW's error body.
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Not Found');
      }
    } catch (error) {
      if (response.headersSent || request.socket.destroyed) return;
      if (error instanceof Refusal) {
        await sleep(slowMs);
        answer(error.status, { status: 'error', message: error.message, messageDetail: error.messageDetail });
      } else {
        answer(400, {
          status: 'error',
          message: 'CFDI40300 - La solicitud no se pudo leer.',
          messageDetail: String(error),
        });
      }
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    user,
    password,
    satCertificate: sat.der,
    slowNext: (ms) => void (hooks.slowMs = ms),
    refuseNext: (message, messageDetail = '') => void (hooks.refusal = { message, messageDetail }),
    dropAfterStamping: (n = 1) => void (hooks.drops = n),
    downFor: (n) => void (hooks.downs = n),
    expireTokens: () => tokens.clear(),
    stamped: () => [...records],
    calls: () => ({ ...counts }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The amounts a PAC checks (Anexo 20, in centavos): SubTotal, Descuento and Total. */
function checkAmounts(root: Element) {
  const cfdi = root.attributes;
  for (const name of ['SubTotal', 'Descuento', 'Total'] as const) {
    if (!twoDecimals(cfdi[name])) {
      throw new Refusal(
        400,
        `CFDI40106 - El campo ${name} excede los decimales de la moneda (MXN: 2).`,
        `${name}="${cfdi[name]}"`,
      );
    }
  }
  const conceptos = childrenOf(childrenOf(root, 'Conceptos')[0], 'Concepto');
  const importes = centavos(conceptos.reduce((sum, c) => sum + micros(c.attributes.Importe), 0n));
  if (centavos(micros(cfdi.SubTotal)) !== importes) {
    throw new Refusal(
      400,
      'CFDI40108 - El campo SubTotal no es igual a la suma de los importes de los conceptos.',
      `SubTotal ${cfdi.SubTotal}; suma ${pesos(importes)}`,
    );
  }
  const descuentos = centavos(conceptos.reduce((sum, c) => sum + micros(c.attributes.Descuento), 0n));
  if (centavos(micros(cfdi.Descuento)) !== descuentos) {
    throw new Refusal(
      400,
      'CFDI40110 - El campo Descuento no es igual a la suma de los descuentos de los conceptos.',
      `Descuento ${cfdi.Descuento ?? '0'}; suma ${pesos(descuentos)}`,
    );
  }
  const impuestos = childrenOf(root, 'Impuestos')[0]?.attributes ?? {};
  const total =
    centavos(micros(cfdi.SubTotal)) -
    centavos(micros(cfdi.Descuento)) +
    centavos(micros(impuestos.TotalImpuestosTrasladados)) -
    centavos(micros(impuestos.TotalImpuestosRetenidos));
  if (centavos(micros(cfdi.Total)) !== total) {
    throw new Refusal(
      400,
      'CFDI40119 - El campo Total no corresponde con la suma del SubTotal, menos los descuentos, más los impuestos trasladados, menos los retenidos.',
      `Total ${cfdi.Total}; calculado ${pesos(total)}`,
    );
  }
}

/** The XML with the stamp inside cfdi:Complemento (made when absent, before any Addenda). */
function withComplement(xml: string, tfd: string): string {
  const prefix = /<(?:([A-Za-z_][\w.-]*):)?Comprobante[\s>]/.exec(xml)?.[1];
  const tag = (name: string) => (prefix ? `${prefix}:${name}` : name);
  const empty = new RegExp(`<${tag('Complemento')}\\s*/>`);
  if (empty.test(xml)) return xml.replace(empty, `<${tag('Complemento')}>${tfd}</${tag('Complemento')}>`);
  const close = `</${tag('Complemento')}>`;
  if (xml.includes(close)) return xml.replace(close, `${tfd}${close}`);
  const complement = `<${tag('Complemento')}>${tfd}</${tag('Complemento')}>`;
  const addenda = xml.indexOf(`<${tag('Addenda')}`);
  const at = addenda >= 0 ? addenda : xml.lastIndexOf(`</${tag('Comprobante')}>`);
  return `${xml.slice(0, at)}${complement}${xml.slice(at)}`;
}
