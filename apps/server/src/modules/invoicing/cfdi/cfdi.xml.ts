import {
  CFDI_NAMESPACE,
  CFDI_SCHEMA_LOCATION,
  CFDI_VERSION,
  XSI_NAMESPACE,
  type Comprobante,
  type Concepto,
  type Traslado,
} from './cfdi.model.js';
import { relacionadosXml } from './relacionados.js';
import { PAGOS_NAMESPACE, PAGOS_SCHEMA_LOCATION } from './pagos.model.js';
import { pagosXml } from './pagos.xml.js';

// The comprobante as the XML the SAT's schema takes. Written by hand rather than with an XML
// library: a CFDI is elements with attributes only, no text nodes, and what matters is that each
// attribute, once parsed, is exactly the model's string, because the cadena original (cadena.ts)
// is computed from the model. So & < > " are escaped, and tab, newline and carriage return are
// written as character references (a parser turns them literally into spaces). Characters XML
// 1.0 cannot carry are refused here (the validator says which field, in Spanish, before this).
// Attributes go in the schema's order, for a reader; the SAT does not care about their order.

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Characters XML 1.0 cannot carry: C0 controls other than tab, LF and CR; lone surrogates; U+FFFE/F. */
export const NOT_XML_CHARACTER =
  // The control characters are the point of this pattern.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

export function escapeAttribute(value: string): string {
  if (NOT_XML_CHARACTER.test(value)) throw new Error('A CFDI attribute holds a character XML cannot carry');
  return value.replace(/[&<>"\t\n\r]/g, (character) => ESCAPES[character]!);
}

type Attributes = ReadonlyArray<readonly [name: string, value: string | undefined]>;

/** An element: its attributes (undefined ones left out) and its children, or self-closed. */
function element(name: string, attributes: Attributes, children: readonly string[] = []): string {
  const written = attributes
    .filter((attribute): attribute is readonly [string, string] => attribute[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('');
  return children.length === 0 ? `<${name}${written}/>` : `<${name}${written}>${children.join('')}</${name}>`;
}

function trasladoXml(traslado: Traslado): string {
  return element('cfdi:Traslado', [
    ['Base', traslado.base],
    ['Impuesto', traslado.impuesto],
    ['TipoFactor', traslado.tipoFactor],
    ['TasaOCuota', traslado.tasaOCuota],
    ['Importe', traslado.importe],
  ]);
}

function conceptoXml(concepto: Concepto): string {
  const impuestos =
    concepto.traslados.length > 0
      ? [element('cfdi:Impuestos', [], [element('cfdi:Traslados', [], concepto.traslados.map(trasladoXml))])]
      : [];
  return element(
    'cfdi:Concepto',
    [
      ['ClaveProdServ', concepto.claveProdServ],
      ['NoIdentificacion', concepto.noIdentificacion],
      ['Cantidad', concepto.cantidad],
      ['ClaveUnidad', concepto.claveUnidad],
      ['Unidad', concepto.unidad],
      ['Descripcion', concepto.descripcion],
      ['ValorUnitario', concepto.valorUnitario],
      ['Importe', concepto.importe],
      ['ObjetoImp', concepto.objetoImp],
    ],
    impuestos,
  );
}

export function comprobanteXml(comprobante: Comprobante): string {
  const { emisor, receptor, informacionGlobal: global, impuestos } = comprobante;
  const children = [
    ...(global
      ? [
          element('cfdi:InformacionGlobal', [
            ['Periodicidad', global.periodicidad],
            ['Meses', global.meses],
            ['Año', global.año],
          ]),
        ]
      : []),
    ...relacionadosXml(comprobante.cfdiRelacionados ?? [], element),
    element('cfdi:Emisor', [
      ['Rfc', emisor.rfc],
      ['Nombre', emisor.nombre],
      ['RegimenFiscal', emisor.regimenFiscal],
    ]),
    element('cfdi:Receptor', [
      ['Rfc', receptor.rfc],
      ['Nombre', receptor.nombre],
      ['DomicilioFiscalReceptor', receptor.domicilioFiscalReceptor],
      ['RegimenFiscalReceptor', receptor.regimenFiscalReceptor],
      ['UsoCFDI', receptor.usoCFDI],
    ]),
    element('cfdi:Conceptos', [], comprobante.conceptos.map(conceptoXml)),
    ...(impuestos
      ? [
          element(
            'cfdi:Impuestos',
            [['TotalImpuestosTrasladados', impuestos.totalImpuestosTrasladados]],
            [element('cfdi:Traslados', [], impuestos.traslados.map(trasladoXml))],
          ),
        ]
      : []),
    ...(comprobante.pagos ? [element('cfdi:Complemento', [], [pagosXml(comprobante.pagos, element)])] : []),
  ];
  const root = element(
    'cfdi:Comprobante',
    [
      ['xmlns:cfdi', CFDI_NAMESPACE],
      ['xmlns:xsi', XSI_NAMESPACE],
      ['xmlns:pago20', comprobante.pagos ? PAGOS_NAMESPACE : undefined],
      [
        'xsi:schemaLocation',
        comprobante.pagos ? `${CFDI_SCHEMA_LOCATION} ${PAGOS_SCHEMA_LOCATION}` : CFDI_SCHEMA_LOCATION,
      ],
      ['Version', CFDI_VERSION],
      ['Serie', comprobante.serie],
      ['Folio', comprobante.folio],
      ['Fecha', comprobante.fecha],
      ['Sello', comprobante.sello],
      ['FormaPago', comprobante.formaPago],
      ['NoCertificado', comprobante.noCertificado],
      ['Certificado', comprobante.certificado],
      ['SubTotal', comprobante.subTotal],
      ['Moneda', comprobante.moneda],
      ['Total', comprobante.total],
      ['TipoDeComprobante', comprobante.tipoDeComprobante],
      ['Exportacion', comprobante.exportacion],
      ['MetodoPago', comprobante.metodoPago],
      ['LugarExpedicion', comprobante.lugarExpedicion],
    ],
    children,
  );
  return `${XML_DECLARATION}\n${root}`;
}
