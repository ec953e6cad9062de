import type { Pago, Pagos, TrasladoPago } from './pagos.model.js';

// The pago20:Pagos element inside cfdi:Complemento, written like the rest of the comprobante
// (cfdi.xml.ts): attributes in the schema's order, undefined ones left out. Its namespace and
// schema location are declared on the comprobante's root. cfdi.xml.ts hands in its element
// writer (escaping and all), so both write attributes the same way.

type Attributes = ReadonlyArray<readonly [name: string, value: string | undefined]>;
export type ElementWriter = (name: string, attributes: Attributes, children?: readonly string[]) => string;

const traslado = (element: ElementWriter, name: string, suffix: 'DR' | 'P') => (tax: TrasladoPago) =>
  element(name, [
    [`Base${suffix}`, tax.base],
    [`Impuesto${suffix}`, tax.impuesto],
    [`TipoFactor${suffix}`, tax.tipoFactor],
    [`TasaOCuota${suffix}`, tax.tasaOCuota],
    [`Importe${suffix}`, tax.importe],
  ]);

function pagoXml(element: ElementWriter, pago: Pago): string {
  const doctos = pago.doctos.map((docto) =>
    element(
      'pago20:DoctoRelacionado',
      [
        ['IdDocumento', docto.idDocumento],
        ['Serie', docto.serie],
        ['Folio', docto.folio],
        ['MonedaDR', docto.monedaDR],
        ['EquivalenciaDR', docto.equivalenciaDR],
        ['NumParcialidad', docto.numParcialidad],
        ['ImpSaldoAnt', docto.impSaldoAnt],
        ['ImpPagado', docto.impPagado],
        ['ImpSaldoInsoluto', docto.impSaldoInsoluto],
        ['ObjetoImpDR', docto.objetoImpDR],
      ],
      docto.trasladosDR.length > 0
        ? [
            element(
              'pago20:ImpuestosDR',
              [],
              [element('pago20:TrasladosDR', [], docto.trasladosDR.map(traslado(element, 'pago20:TrasladoDR', 'DR')))],
            ),
          ]
        : [],
    ),
  );
  const impuestos =
    pago.trasladosP.length > 0
      ? [
          element(
            'pago20:ImpuestosP',
            [],
            [element('pago20:TrasladosP', [], pago.trasladosP.map(traslado(element, 'pago20:TrasladoP', 'P')))],
          ),
        ]
      : [];
  return element(
    'pago20:Pago',
    [
      ['FechaPago', pago.fechaPago],
      ['FormaDePagoP', pago.formaDePagoP],
      ['MonedaP', pago.monedaP],
      ['TipoCambioP', pago.tipoCambioP],
      ['Monto', pago.monto],
    ],
    [...doctos, ...impuestos],
  );
}

export function pagosXml(pagos: Pagos, element: ElementWriter): string {
  const t = pagos.totales;
  return element(
    'pago20:Pagos',
    [['Version', pagos.version]],
    [
      element('pago20:Totales', [
        ['TotalTrasladosBaseIVA16', t.totalTrasladosBaseIVA16],
        ['TotalTrasladosImpuestoIVA16', t.totalTrasladosImpuestoIVA16],
        ['TotalTrasladosBaseIVA8', t.totalTrasladosBaseIVA8],
        ['TotalTrasladosImpuestoIVA8', t.totalTrasladosImpuestoIVA8],
        ['TotalTrasladosBaseIVA0', t.totalTrasladosBaseIVA0],
        ['TotalTrasladosImpuestoIVA0', t.totalTrasladosImpuestoIVA0],
        ['TotalTrasladosBaseIVAExento', t.totalTrasladosBaseIVAExento],
        ['MontoTotalPagos', t.montoTotalPagos],
      ]),
      ...pagos.pagos.map((pago) => pagoXml(element, pago)),
    ],
  );
}
