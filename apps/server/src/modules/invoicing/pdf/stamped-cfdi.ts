import { SaxesParser, type SaxesTagNS } from 'saxes';

// The stamped CFDI 4.0 read back from the XML the PAC returned, for its printed representation:
// every value is the attribute's string exactly as stamped (amounts included), so the PDF shows
// what the SAT has. Read with saxes by namespace, not by prefix (a PAC may choose other
// prefixes). A DOCTYPE is refused: a CFDI has none, and an entity declared in one is the way an
// XML file makes a parser read files or expand itself without end (saxes expands none anyway).

const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';

export interface CfdiTraslado {
  base: string;
  /** 002 IVA, 003 IEPS. */
  impuesto: string;
  tipoFactor: 'Tasa' | 'Cuota' | 'Exento' | string;
  tasaOCuota?: string;
  importe?: string;
}

export interface CfdiConcepto {
  claveProdServ: string;
  noIdentificacion?: string;
  cantidad: string;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  valorUnitario: string;
  importe: string;
  descuento?: string;
  objetoImp: string;
  traslados: CfdiTraslado[];
}

export interface TimbreFiscalDigital {
  version: string;
  uuid: string;
  fechaTimbrado: string;
  rfcProvCertif: string;
  leyenda?: string;
  selloCFD: string;
  noCertificadoSAT: string;
  selloSAT: string;
}

export interface StampedCfdi {
  serie?: string;
  folio?: string;
  fecha: string;
  formaPago?: string;
  metodoPago?: string;
  noCertificado: string;
  subTotal: string;
  descuento?: string;
  moneda: string;
  total: string;
  tipoDeComprobante: string;
  exportacion: string;
  lugarExpedicion: string;
  sello: string;
  informacionGlobal?: { periodicidad: string; meses: string; año: string };
  /** CfdiRelacionados: each TipoRelacion with its UUIDs (a nota de crédito's invoice). */
  cfdiRelacionados?: Array<{ tipoRelacion: string; uuids: string[] }>;
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  receptor: {
    rfc: string;
    nombre: string;
    domicilioFiscalReceptor: string;
    regimenFiscalReceptor: string;
    usoCFDI: string;
  };
  conceptos: CfdiConcepto[];
  /** The comprobante's summary of traslados, by impuesto, factor and rate. */
  traslados: CfdiTraslado[];
  totalImpuestosTrasladados?: string;
  timbre: TimbreFiscalDigital;
}

/** The stored XML is not a stamped CFDI 4.0 this module can print. */
export class UnreadableCfdiError extends Error {
  constructor(detail: string) {
    super(`El XML timbrado no se puede leer: ${detail}`);
    this.name = 'UnreadableCfdiError';
  }
}

export interface Element {
  uri: string;
  local: string;
  attributes: Map<string, string>;
  children: Element[];
}

/** The document's elements as a tree; attributes without a namespace only (the CFDI's own). */
export function parseTree(xml: string): Element {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: Element[] = [];
  let root: Element | null = null;
  parser.on('doctype', () => {
    throw new UnreadableCfdiError('tiene una declaración DOCTYPE.');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes = new Map<string, string>();
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === '') attributes.set(attribute.local, attribute.value);
    }
    const element: Element = { uri: tag.uri, local: tag.local, attributes, children: [] };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof UnreadableCfdiError) throw error;
    throw new UnreadableCfdiError(error instanceof Error ? error.message : String(error));
  }
  if (!root) throw new UnreadableCfdiError('está vacío.');
  return root;
}

export const child = (parent: Element, uri: string, local: string) =>
  parent.children.find((element) => element.uri === uri && element.local === local);
export const children = (parent: Element, uri: string, local: string) =>
  parent.children.filter((element) => element.uri === uri && element.local === local);

export function required(element: Element, name: string): string {
  const value = element.attributes.get(name);
  if (value === undefined) throw new UnreadableCfdiError(`falta el atributo ${name} en ${element.local}.`);
  return value;
}
/** The attribute only when present, as an optional property (exactOptionalPropertyTypes-safe). */
export function optional<K extends string>(element: Element, name: string, key: K): { [P in K]?: string } {
  const value = element.attributes.get(name);
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
function requiredChild(parent: Element, uri: string, local: string): Element {
  const element = child(parent, uri, local);
  if (!element) throw new UnreadableCfdiError(`falta el nodo ${local}.`);
  return element;
}

function trasladosOf(impuestos: Element | undefined): CfdiTraslado[] {
  const traslados = impuestos && child(impuestos, CFDI_NS, 'Traslados');
  if (!traslados) return [];
  return children(traslados, CFDI_NS, 'Traslado').map((t) => ({
    base: required(t, 'Base'),
    impuesto: required(t, 'Impuesto'),
    tipoFactor: required(t, 'TipoFactor'),
    ...optional(t, 'TasaOCuota', 'tasaOCuota'),
    ...optional(t, 'Importe', 'importe'),
  }));
}

function conceptoOf(c: Element): CfdiConcepto {
  return {
    claveProdServ: required(c, 'ClaveProdServ'),
    ...optional(c, 'NoIdentificacion', 'noIdentificacion'),
    cantidad: required(c, 'Cantidad'),
    claveUnidad: required(c, 'ClaveUnidad'),
    ...optional(c, 'Unidad', 'unidad'),
    descripcion: required(c, 'Descripcion'),
    valorUnitario: required(c, 'ValorUnitario'),
    importe: required(c, 'Importe'),
    ...optional(c, 'Descuento', 'descuento'),
    objetoImp: required(c, 'ObjetoImp'),
    traslados: trasladosOf(child(c, CFDI_NS, 'Impuestos')),
  };
}

function timbreOf(comprobante: Element): TimbreFiscalDigital {
  const complemento = child(comprobante, CFDI_NS, 'Complemento');
  const tfd = complemento && child(complemento, TFD_NS, 'TimbreFiscalDigital');
  if (!tfd) throw new UnreadableCfdiError('no tiene el TimbreFiscalDigital (no está timbrado).');
  return {
    version: required(tfd, 'Version'),
    uuid: required(tfd, 'UUID'),
    fechaTimbrado: required(tfd, 'FechaTimbrado'),
    rfcProvCertif: required(tfd, 'RfcProvCertif'),
    ...optional(tfd, 'Leyenda', 'leyenda'),
    selloCFD: required(tfd, 'SelloCFD'),
    noCertificadoSAT: required(tfd, 'NoCertificadoSAT'),
    selloSAT: required(tfd, 'SelloSAT'),
  };
}

/** Reads a CFDI 4.0 with its TimbreFiscalDigital 1.1; UnreadableCfdiError when it is not one. */
export function readStampedCfdi(xml: string): StampedCfdi {
  const root = parseTree(xml);
  if (root.uri !== CFDI_NS || root.local !== 'Comprobante' || root.attributes.get('Version') !== '4.0') {
    throw new UnreadableCfdiError('no es un CFDI 4.0.');
  }
  const emisor = requiredChild(root, CFDI_NS, 'Emisor');
  const receptor = requiredChild(root, CFDI_NS, 'Receptor');
  const global = child(root, CFDI_NS, 'InformacionGlobal');
  const relacionados = children(root, CFDI_NS, 'CfdiRelacionados');
  const impuestos = child(root, CFDI_NS, 'Impuestos');
  return {
    ...optional(root, 'Serie', 'serie'),
    ...optional(root, 'Folio', 'folio'),
    fecha: required(root, 'Fecha'),
    ...optional(root, 'FormaPago', 'formaPago'),
    ...optional(root, 'MetodoPago', 'metodoPago'),
    noCertificado: required(root, 'NoCertificado'),
    subTotal: required(root, 'SubTotal'),
    ...optional(root, 'Descuento', 'descuento'),
    moneda: required(root, 'Moneda'),
    total: required(root, 'Total'),
    tipoDeComprobante: required(root, 'TipoDeComprobante'),
    exportacion: required(root, 'Exportacion'),
    lugarExpedicion: required(root, 'LugarExpedicion'),
    sello: required(root, 'Sello'),
    ...(global
      ? {
          informacionGlobal: {
            periodicidad: required(global, 'Periodicidad'),
            meses: required(global, 'Meses'),
            año: required(global, 'Año'),
          },
        }
      : {}),
    ...(relacionados.length > 0
      ? {
          cfdiRelacionados: relacionados.map((group) => ({
            tipoRelacion: required(group, 'TipoRelacion'),
            uuids: children(group, CFDI_NS, 'CfdiRelacionado').map((related) => required(related, 'UUID')),
          })),
        }
      : {}),
    emisor: {
      rfc: required(emisor, 'Rfc'),
      nombre: required(emisor, 'Nombre'),
      regimenFiscal: required(emisor, 'RegimenFiscal'),
    },
    receptor: {
      rfc: required(receptor, 'Rfc'),
      nombre: required(receptor, 'Nombre'),
      domicilioFiscalReceptor: required(receptor, 'DomicilioFiscalReceptor'),
      regimenFiscalReceptor: required(receptor, 'RegimenFiscalReceptor'),
      usoCFDI: required(receptor, 'UsoCFDI'),
    },
    conceptos: children(requiredChild(root, CFDI_NS, 'Conceptos'), CFDI_NS, 'Concepto').map(conceptoOf),
    traslados: trasladosOf(impuestos),
    ...(impuestos ? optional(impuestos, 'TotalImpuestosTrasladados', 'totalImpuestosTrasladados') : {}),
    timbre: timbreOf(root),
  };
}
