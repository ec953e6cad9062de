import {
  IEPS_QUOTA_MAX_PESOS,
  IEPS_RATES,
  percentToPpm,
  RFC_GENERIC,
  rfcPerson,
  rfcProblem,
  SAT_CFDI_USES,
  SAT_MONTHS,
  SAT_PAYMENT_FORMS,
  SAT_PAYMENT_METHODS,
  SAT_PERIODICITIES,
  SAT_REGIMES,
  SAT_UNIT_CODES,
} from '@mostrador/shared';
import { decimalOf, sameValue, withinProductLimits } from './arithmetic.js';
import { normalizeSpace } from './cadena.js';
import { IMPUESTO, type Comprobante, type Concepto, type Traslado } from './cfdi.model.js';
import { NOT_XML_CHARACTER } from './cfdi.xml.js';
import { relacionadosProblems } from './relacionados.js';
import { type Decimal, pesosText, sixDecimalsText } from './decimals.js';
import { groupTraslados, sumToCents, trasladoGroupKey } from './totals.js';

// What the SAT (and the PAC before it) would refuse, checked before a CFDI leaves the server, so
// the user reads a Spanish message that names the field instead of a PAC's error code:
// - the schema's shapes that matter for our documents (lengths, '|', digits, decimals);
// - the catalogues, in code against packages/shared/src/sat-catalogs.ts (the SAT's catCFDI.xsd
//   is too large to ship);
// - Anexo 20's arithmetic: Importe vs Cantidad × ValorUnitario, each tax vs Base × TasaOCuota,
//   the tax summary, SubTotal and Total.
// It answers every problem found, in document order; an empty list means it may be sent. It can
// run before sealing (nothing is signed in vain) and again on the sealed document.

const TEXT_PATTERN_BREAKER = '|';
const ZIP = /^\d{5}$/;
const PRODUCT_CODE = /^\d{8}$/;
const FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const MAX_DECIMALS = 6;
const MXN_DECIMALS = 2;
const IVA_RATES_TEXT = new Set(['0.160000', '0.080000', '0.000000']);
const IEPS_RATES_TEXT = new Set(IEPS_RATES.map((percent) => sixDecimalsText(percentToPpm(percent))));
const IEPS_QUOTA_MAX = Math.round(IEPS_QUOTA_MAX_PESOS * 1_000_000);
const GLOBAL_RECEIVER_NAME = 'PUBLICO EN GENERAL';

const codes = (list: readonly { code: string }[]) => new Set(list.map((entry) => entry.code));
const PAYMENT_FORMS = codes(SAT_PAYMENT_FORMS);
const PAYMENT_METHODS = codes(SAT_PAYMENT_METHODS);
const PERIODICITIES = codes(SAT_PERIODICITIES);
const MONTHS = codes(SAT_MONTHS);
const taxName = (traslado: Traslado) => (traslado.impuesto === IMPUESTO.iva ? 'IVA' : 'IEPS');

export function validateComprobante(comprobante: Comprobante): string[] {
  const problems: string[] = [];
  // Messages are built as '<where><field> …'; the first letter is made upper case.
  const say = (message: string) => problems.push(message.charAt(0).toUpperCase() + message.slice(1));

  /** A text field: present, no '|', within its length after the XSLT's space collapsing. */
  const text = (where: string, field: string, value: string | undefined, max: number, required = true) => {
    if (value === undefined) {
      if (required) say(`${where}falta ${field}.`);
      return;
    }
    const length = [...normalizeSpace(value)].length;
    if (NOT_XML_CHARACTER.test(value)) say(`${where}${field} tiene caracteres que no se pueden facturar.`);
    else if (value.includes(TEXT_PATTERN_BREAKER)) say(`${where}${field} no puede contener el carácter '|'.`);
    else if (length === 0) say(`${where}${field} no tiene texto.`);
    else if (length > max) say(`${where}${field} pasa de ${max} caracteres.`);
  };
  /** A decimal field: digits with at most `decimals` decimals (and > 0 when `positive`). */
  const amount = (where: string, field: string, value: string | undefined, decimals: number, positive = false) => {
    const parsed = decimalOf(value);
    if (!parsed || parsed.scale > decimals) {
      say(`${where}${field} debe ser un número con hasta ${decimals} decimales.`);
      return null;
    }
    if (positive && parsed.units === 0n) {
      say(`${where}${field} debe ser mayor que cero.`);
      return null;
    }
    return parsed;
  };

  // ——— The comprobante ———
  text('', 'la Serie', comprobante.serie, 25, false);
  text('', 'el Folio', comprobante.folio, 40, false);
  // Before sealing there is no certificate yet; once sealed, its number is the SAT's 20 digits.
  if (comprobante.sello !== undefined && !/^\d{20}$/.test(comprobante.noCertificado)) {
    say('El NoCertificado debe tener 20 dígitos.');
  }
  if (!FECHA.test(comprobante.fecha)) say('La Fecha debe tener la forma AAAA-MM-DDThh:mm:ss.');
  if (!ZIP.test(comprobante.lugarExpedicion)) say('El LugarExpedicion debe ser un código postal de 5 dígitos.');
  if (comprobante.metodoPago !== undefined && !PAYMENT_METHODS.has(comprobante.metodoPago)) {
    say('El MetodoPago no está en el catálogo del SAT (PUE o PPD).');
  }
  if (comprobante.formaPago !== undefined && !PAYMENT_FORMS.has(comprobante.formaPago)) {
    say(`La FormaPago '${comprobante.formaPago}' no está en el catálogo del SAT.`);
  }
  if (comprobante.tipoDeComprobante === 'I' || comprobante.tipoDeComprobante === 'E') {
    if (!comprobante.metodoPago) say('Falta el MetodoPago.');
    if (!comprobante.formaPago) say('Falta la FormaPago.');
  }
  if (comprobante.metodoPago === 'PPD' && comprobante.formaPago !== undefined && comprobante.formaPago !== '99') {
    say("Con MetodoPago PPD la FormaPago debe ser '99' (Por definir).");
  }

  // ——— Emisor and Receptor ———
  const { emisor, receptor } = comprobante;
  const rfcOk = (where: string, rfc: string) => {
    const problem = rfcProblem(rfc);
    if (problem) say(`${where}: ${problem}`);
    return problem === null;
  };
  const regimeFits = (where: string, field: string, code: string, rfc: string, checkPerson: boolean) => {
    const regime = SAT_REGIMES.find((entry) => entry.code === code);
    if (!regime) say(`${where}: el ${field} '${code}' no está en el catálogo del SAT.`);
    else if (checkPerson && !regime[rfcPerson(rfc)]) {
      say(
        `${where}: el ${field} '${code}' no corresponde a una persona ${rfcPerson(rfc) === 'fisica' ? 'física' : 'moral'}.`,
      );
    }
  };
  const emisorRfcOk = rfcOk('Emisor', emisor.rfc);
  text('Emisor: ', 'el Nombre', emisor.nombre, 300);
  regimeFits('Emisor', 'RegimenFiscal', emisor.regimenFiscal, emisor.rfc, emisorRfcOk);

  const generic = receptor.rfc === RFC_GENERIC;
  const receptorRfcOk = rfcOk('Receptor', receptor.rfc);
  text('Receptor: ', 'el Nombre', receptor.nombre, 300);
  if (!ZIP.test(receptor.domicilioFiscalReceptor)) {
    say('Receptor: el DomicilioFiscalReceptor debe ser un código postal de 5 dígitos.');
  }
  regimeFits(
    'Receptor',
    'RegimenFiscalReceptor',
    receptor.regimenFiscalReceptor,
    receptor.rfc,
    receptorRfcOk && !generic,
  );
  const use = SAT_CFDI_USES.find((entry) => entry.code === receptor.usoCFDI);
  if (!use) say(`Receptor: el UsoCFDI '${receptor.usoCFDI}' no está en el catálogo del SAT.`);
  else if (!use.regimes.includes(receptor.regimenFiscalReceptor)) {
    say(`Receptor: el UsoCFDI '${use.code}' no se permite con el régimen '${receptor.regimenFiscalReceptor}'.`);
  }

  // ——— Factura global ———
  const global = comprobante.informacionGlobal;
  const isGlobal = generic && receptor.nombre === GLOBAL_RECEIVER_NAME;
  if (isGlobal && !global) say('Una factura global al PUBLICO EN GENERAL necesita InformacionGlobal.');
  if (global) {
    if (!isGlobal) say("InformacionGlobal sólo va con el Receptor XAXX010101000 'PUBLICO EN GENERAL'.");
    if (!PERIODICITIES.has(global.periodicidad)) {
      say(`InformacionGlobal: la Periodicidad '${global.periodicidad}' no está en el catálogo del SAT.`);
    }
    if (!MONTHS.has(global.meses))
      say(`InformacionGlobal: los Meses '${global.meses}' no están en el catálogo del SAT.`);
    else if ((global.periodicidad === '05') !== Number(global.meses) > 12) {
      say('InformacionGlobal: los Meses deben ser un bimestre (13 a 18) sólo con Periodicidad 05.');
    }
    if (!/^\d{4}$/.test(global.año) || Number(global.año) < 2019)
      say('InformacionGlobal: el Año debe ser de 4 dígitos, desde 2019.');
    if (receptor.regimenFiscalReceptor !== '616')
      say("Receptor: en una factura global el RegimenFiscalReceptor es '616'.");
    if (receptor.usoCFDI !== 'S01') say("Receptor: en una factura global el UsoCFDI es 'S01'.");
    if (receptor.domicilioFiscalReceptor !== comprobante.lugarExpedicion) {
      say('Receptor: en una factura global el DomicilioFiscalReceptor es el LugarExpedicion.');
    }
  }

  // ——— Conceptos ———
  if (comprobante.conceptos.length === 0) say('La factura no tiene conceptos.');
  let conceptsOk = true;
  comprobante.conceptos.forEach((concepto, index) => {
    conceptsOk = validateConcepto(concepto, `Concepto ${index + 1}: `, comprobante, say, text, amount) && conceptsOk;
  });

  // ——— Totals: only meaningful once every concept's numbers read ———
  if (conceptsOk && comprobante.conceptos.length > 0) validateTotals(comprobante, say, amount);
  problems.push(...relacionadosProblems(comprobante));
  return problems;
}

type Say = (message: string) => void;
type TextCheck = (where: string, field: string, value: string | undefined, max: number, required?: boolean) => void;
type AmountCheck = (
  where: string,
  field: string,
  value: string | undefined,
  decimals: number,
  positive?: boolean,
) => Decimal | null;

/** One concept's fields, its Importe and its traslados; false when its numbers can't be read. */
function validateConcepto(
  concepto: Concepto,
  where: string,
  comprobante: Comprobante,
  say: Say,
  text: TextCheck,
  amount: AmountCheck,
): boolean {
  if (!PRODUCT_CODE.test(concepto.claveProdServ))
    say(`${where}la ClaveProdServ debe ser una clave de 8 dígitos del SAT.`);
  if (!SAT_UNIT_CODES.has(concepto.claveUnidad)) {
    say(`${where}la ClaveUnidad '${concepto.claveUnidad}' no está en el catálogo del SAT.`);
  }
  text(where, 'el NoIdentificacion', concepto.noIdentificacion, 100, false);
  text(where, 'la Unidad', concepto.unidad, 20, false);
  text(where, 'la Descripcion', concepto.descripcion, 1000);
  const sale = comprobante.tipoDeComprobante === 'I' || comprobante.tipoDeComprobante === 'E';
  const cantidad = amount(where, 'la Cantidad', concepto.cantidad, MAX_DECIMALS, true);
  const valorUnitario = amount(where, 'el ValorUnitario', concepto.valorUnitario, MAX_DECIMALS, sale);
  const importe = amount(where, 'el Importe', concepto.importe, MAX_DECIMALS);
  if (cantidad && valorUnitario && importe && !withinProductLimits(importe, cantidad, valorUnitario)) {
    say(`${where}el Importe no corresponde a Cantidad × ValorUnitario.`);
  }
  if (concepto.objetoImp === '02' && concepto.traslados.length === 0) {
    say(`${where}con ObjetoImp '02' debe llevar sus impuestos trasladados.`);
  }
  if (concepto.objetoImp !== '02' && concepto.traslados.length > 0) {
    say(`${where}sólo con ObjetoImp '02' lleva impuestos trasladados.`);
  }
  let ok = Boolean(cantidad && valorUnitario && importe);
  const seen = new Set<string>();
  for (const traslado of concepto.traslados) {
    const at = `${where}traslado de ${taxName(traslado)}: `;
    if (seen.has(traslado.impuesto)) say(`${at}el impuesto está dos veces.`);
    seen.add(traslado.impuesto);
    ok = validateTraslado(traslado, at, say, amount) && ok;
  }
  return ok;
}

function validateTraslado(traslado: Traslado, at: string, say: Say, amount: AmountCheck): boolean {
  const base = amount(at, 'la Base', traslado.base, MAX_DECIMALS);
  if (traslado.tipoFactor === 'Exento') {
    if (traslado.tasaOCuota !== undefined || traslado.importe !== undefined) {
      say(`${at}un traslado Exento no lleva TasaOCuota ni Importe.`);
    }
    if (traslado.impuesto !== IMPUESTO.iva) say(`${at}sólo el IVA puede ser Exento.`);
    return base !== null;
  }
  if (traslado.tasaOCuota === undefined || traslado.importe === undefined) {
    say(`${at}falta la TasaOCuota o el Importe.`);
    return false;
  }
  const rate = amount(at, 'la TasaOCuota', traslado.tasaOCuota, MAX_DECIMALS);
  const importe = amount(at, 'el Importe', traslado.importe, MAX_DECIMALS);
  if (rate) {
    if (
      traslado.impuesto === IMPUESTO.iva &&
      (traslado.tipoFactor !== 'Tasa' || !IVA_RATES_TEXT.has(traslado.tasaOCuota))
    ) {
      say(`${at}la TasaOCuota '${traslado.tasaOCuota}' no está en el catálogo del SAT.`);
    }
    if (
      traslado.impuesto === IMPUESTO.ieps &&
      traslado.tipoFactor === 'Tasa' &&
      !IEPS_RATES_TEXT.has(traslado.tasaOCuota)
    ) {
      say(`${at}la TasaOCuota '${traslado.tasaOCuota}' no está en el catálogo del SAT.`);
    }
    if (traslado.tipoFactor === 'Cuota' && (rate.scale !== MAX_DECIMALS || rate.units > BigInt(IEPS_QUOTA_MAX))) {
      say(`${at}la cuota debe tener 6 decimales y no pasar de ${sixDecimalsText(IEPS_QUOTA_MAX)}.`);
    }
  }
  if (base && rate && importe && !withinProductLimits(importe, base, rate, true)) {
    say(`${at}el Importe no corresponde a Base × TasaOCuota.`);
  }
  return Boolean(base && rate && importe);
}

/** The tax summary, SubTotal and Total recomputed from the concepts, in centavos. */
function validateTotals(comprobante: Comprobante, say: Say, amount: AmountCheck): void {
  const expected = groupTraslados(comprobante.conceptos);
  const stated = comprobante.impuestos?.traslados ?? [];
  const statedKeys = new Set<string>();
  let taxes = 0n;
  for (const traslado of stated) {
    const key = trasladoGroupKey(traslado);
    const label =
      `Impuestos: el traslado de ${taxName(traslado)} ${traslado.tipoFactor} ${traslado.tasaOCuota ?? ''}`.trimEnd();
    statedKeys.add(key);
    const group = expected.get(key);
    if (!group) {
      say(`${label} no corresponde a ningún concepto.`);
      continue;
    }
    const base = amount(`${label}: `, 'la Base', traslado.base, MXN_DECIMALS);
    if (base && !sameValue(base, { units: sumToCents(group.map((entry) => entry.base)), scale: 2 })) {
      say(`${label}: la Base no es la suma de las de los conceptos.`);
    }
    if (traslado.tipoFactor === 'Exento') continue;
    const sum = sumToCents(group.map((entry) => entry.importe ?? '0'));
    taxes += sum;
    const importe = amount(`${label}: `, 'el Importe', traslado.importe, MXN_DECIMALS);
    if (importe && !sameValue(importe, { units: sum, scale: 2 }))
      say(`${label}: el Importe no es la suma de los conceptos.`);
  }
  for (const [key, [first]] of expected) {
    if (!statedKeys.has(key) && first) {
      say(
        `Impuestos: falta el traslado de ${taxName(first)} ${first.tipoFactor} ${first.tasaOCuota ?? ''}`.trimEnd() +
          '.',
      );
    }
  }
  const anyTaxed = [...expected.values()].some(([first]) => first?.tipoFactor !== 'Exento');
  const totalTaxes = comprobante.impuestos?.totalImpuestosTrasladados;
  if (anyTaxed) {
    const total = amount('Impuestos: ', 'el TotalImpuestosTrasladados', totalTaxes, MXN_DECIMALS);
    if (total && !sameValue(total, { units: taxes, scale: 2 })) {
      say('Impuestos: el TotalImpuestosTrasladados no es la suma de los traslados.');
    }
  } else if (totalTaxes !== undefined) {
    say('Impuestos: sin impuestos trasladados (sólo exentos) no va TotalImpuestosTrasladados.');
  }

  const subTotal = amount('', 'el SubTotal', comprobante.subTotal, MXN_DECIMALS);
  const expectedSubTotal = sumToCents(comprobante.conceptos.map((concepto) => concepto.importe));
  if (subTotal && !sameValue(subTotal, { units: expectedSubTotal, scale: 2 })) {
    say(`El SubTotal no es la suma de los Importes de los conceptos (${pesosText(expectedSubTotal)}).`);
  }
  const total = amount('', 'el Total', comprobante.total, MXN_DECIMALS);
  if (total && !sameValue(total, { units: expectedSubTotal + taxes, scale: 2 })) {
    say(`El Total no es el SubTotal más los impuestos trasladados (${pesosText(expectedSubTotal + taxes)}).`);
  }
}
