import { AppError } from '../../../lib/errors.js';

// The stamping service (PAC) as the invoicing service sees it: stamp a sealed CFDI, cancel a
// stamped one. Each PAC's protocol (SW Sapien today; Finkok or Facturama later) is one class
// behind this interface, and its authentication stays inside it.

/** What a PAC answers for a stamped CFDI. */
export interface StampResult {
  /** The stamped CFDI exactly as the PAC returned it: the document to store and hand out. */
  cfdi: string;
  uuid: string;
  fechaTimbrado: string;
  noCertificadoSAT: string;
  selloSAT: string;
  selloCFDI: string;
  /** The TimbreFiscalDigital's cadena original, printed on the PDF. */
  cadenaOriginalSAT: string;
  /** The PAC's QR image (base64 PNG) when it sends one. */
  qrCode?: string;
}

/** The SAT's cancellation reasons: 01 with a substitute, 02, 03 and 04 without one. */
export const CANCEL_MOTIVES = ['01', '02', '03', '04'] as const;
export type CancelMotive = (typeof CANCEL_MOTIVES)[number];

export interface CancelRequest {
  uuid: string;
  /** The issuer's RFC. */
  rfc: string;
  motivo: CancelMotive;
  /** The substitute invoice's UUID: required with motive 01. */
  folioSustitucion?: string;
  /** The CSD's certificate, DER. */
  certificate: Buffer;
  /** The CSD's private key, PKCS#8 DER still encrypted with `password`. */
  key: Buffer;
  password: string;
}

export interface CancelResult {
  uuid: string;
  /** The SAT's acknowledgement (XML) as the PAC returned it. */
  acuse: string;
  /** The SAT's status code for the UUID: '201' accepted, '202' cancelled before, … */
  statusCode: string;
}

export interface Pac {
  /** Stamps a sealed CFDI; sending the same XML again is answered with the same stamp. */
  stamp(sealedXml: string): Promise<StampResult>;
  cancel(request: CancelRequest): Promise<CancelResult>;
}

/**
 * How a call to the PAC failed, which decides what the invoicing service may do next:
 * - 'refused': the PAC answered and said no (schema, seal, amounts, …). Nothing was stamped;
 *   the message is for the user, and the same XML will be refused again.
 * - 'unknown-outcome': no usable answer (timeout, connection lost, an answer that can't be read).
 *   The CFDI may or may not be stamped: retry with the SAME XML, never with a new one, since the
 *   PAC answers a repeated XML with its first stamp.
 * - 'misconfigured': the PAC refused our credentials or the address is wrong; an Admin must act.
 */
export type PacErrorKind = 'refused' | 'unknown-outcome' | 'misconfigured';

export abstract class PacError extends AppError {
  abstract readonly kind: PacErrorKind;
}

/** The PAC answered with an error: its own message and detail are kept as they came. */
export class PacRefusedError extends PacError {
  readonly kind = 'refused';
  constructor(
    /** The PAC's message (e.g. 'CFDI40108 - …'). */
    readonly pacMessage: string,
    readonly messageDetail: string | null,
    /** The HTTP status the PAC answered with. */
    readonly httpStatus: number,
  ) {
    super(
      502,
      'BAD_GATEWAY',
      `El PAC rechazó la solicitud: ${pacMessage}${messageDetail ? ` (${messageDetail})` : ''}`,
    );
    this.name = 'PacRefusedError';
  }
}

export type UnknownOutcomeReason = 'timeout' | 'connection' | 'unreadable-answer';

/** No usable answer arrived: whether the PAC stamped (or cancelled) is unknown. */
export class PacUnknownOutcomeError extends PacError {
  readonly kind = 'unknown-outcome';
  constructor(
    readonly reason: UnknownOutcomeReason,
    detail: string,
  ) {
    super(
      reason === 'timeout' ? 504 : 502,
      reason === 'timeout' ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY',
      reason === 'timeout'
        ? `El PAC no respondió a tiempo; se reintentará con el mismo XML. (${detail})`
        : reason === 'connection'
          ? `Se perdió la conexión con el PAC; se reintentará con el mismo XML. (${detail})`
          : `La respuesta del PAC no se pudo leer; se reintentará con el mismo XML. (${detail})`,
    );
    this.name = 'PacUnknownOutcomeError';
  }
}

/** The PAC can't be used as configured (credentials refused, wrong address). */
export class PacConfigError extends PacError {
  readonly kind = 'misconfigured';
  constructor(message: string) {
    super(503, 'SERVICE_UNAVAILABLE', message);
    this.name = 'PacConfigError';
  }
}

/** What invoicing answers (503) while no PAC is configured. */
export const INVOICING_NOT_CONFIGURED = 'La facturación no está configurada';
