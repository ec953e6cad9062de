import type { Comprobante } from './cfdi.model.js';

// CfdiRelacionados: the CFDIs a comprobante relates to, by TipoRelacion (c_TipoRelacion). A nota
// de crédito (egreso) relates the invoice it credits with 01 (decision 098). Kept apart from the
// document's other parts so each piece (XML, cadena, validation) calls in at one point.

/** c_TipoRelacion used here: 01 Nota de crédito de los documentos relacionados. */
export type TipoRelacion = '01' | '02' | '03' | '04' | '05' | '06' | '07';

export const TIPO_RELACION_NOTA_DE_CREDITO = '01' satisfies TipoRelacion;

/** One cfdi:CfdiRelacionados: a TipoRelacion and the UUIDs it relates (at least one). */
export interface CfdiRelacionados {
  tipoRelacion: TipoRelacion;
  uuids: string[];
}

const UUID = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;
const TIPOS: ReadonlySet<string> = new Set(['01', '02', '03', '04', '05', '06', '07']);

/** The elements, in the schema's place (after InformacionGlobal, before Emisor). */
export function relacionadosXml(
  relacionados: readonly CfdiRelacionados[],
  element: (
    name: string,
    attributes: ReadonlyArray<readonly [string, string | undefined]>,
    children?: string[],
  ) => string,
): string[] {
  return relacionados.map((group) =>
    element(
      'cfdi:CfdiRelacionados',
      [['TipoRelacion', group.tipoRelacion]],
      group.uuids.map((uuid) => element('cfdi:CfdiRelacionado', [['UUID', uuid]])),
    ),
  );
}

/** Their fields in the cadena original, as the XSLT writes them: TipoRelacion, then each UUID (all required). */
export function relacionadosCadena(relacionados: readonly CfdiRelacionados[]): string[] {
  return relacionados.flatMap((group) => [group.tipoRelacion, ...group.uuids]);
}

/** What the SAT would refuse of them, in Spanish. */
export function relacionadosProblems(comprobante: Comprobante): string[] {
  const problems: string[] = [];
  const relacionados = comprobante.cfdiRelacionados ?? [];
  for (const group of relacionados) {
    if (!TIPOS.has(group.tipoRelacion))
      problems.push(`La TipoRelacion '${group.tipoRelacion}' no está en el catálogo del SAT.`);
    if (group.uuids.length === 0) problems.push('CfdiRelacionados debe relacionar al menos un UUID.');
    for (const uuid of group.uuids) {
      if (!UUID.test(uuid)) problems.push(`El UUID relacionado '${uuid}' no tiene la forma de un folio fiscal.`);
    }
  }
  // An egreso credits something: without the CFDI it credits, the SAT cannot tell which.
  if (comprobante.tipoDeComprobante === 'E' && relacionados.length === 0) {
    problems.push('Una nota de crédito (egreso) debe relacionar la factura que acredita (CfdiRelacionados).');
  }
  if (comprobante.tipoDeComprobante === 'E' && comprobante.metodoPago !== 'PUE') {
    problems.push('Una nota de crédito (egreso) se emite con MetodoPago PUE.');
  }
  return problems;
}
