import { createPrivateKey, sign, X509Certificate } from 'node:crypto';
import { satFile, transform } from '../../scripts/fake-pac/sat-tools.js';
import type { CsdFiles } from './csd.js';

// A minimal CFDI 4.0 written by hand and sealed as the SAT asks (the cadena original by the
// SAT's XSLT through xsltproc, SHA-256 RSA with the CSD's key), for the PAC's tests: the
// invoice builder lives elsewhere, and a PAC only sees bytes.

/** The SAT's test RFC for a company (the CSD's x500UniqueIdentifier must name it). */
export const FIXTURE_RFC = 'EKU9003173C9';

export interface FixtureOptions {
  csd: CsdFiles;
  rfc?: string;
  folio?: string;
  /** 'YYYY-MM-DDTHH:mm:ss', local time of the place of issue. */
  fecha?: string;
  /** Overrides the computed Total (an arithmetic error sealed as such). */
  total?: string;
}

const template = (o: {
  rfc: string;
  folio: string;
  fecha: string;
  noCertificado: string;
  certificado: string;
  total: string;
  sello: string;
}) => `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd" Version="4.0" Serie="A" Folio="${o.folio}" Fecha="${o.fecha}" Sello="${o.sello}" FormaPago="01" NoCertificado="${o.noCertificado}" Certificado="${o.certificado}" SubTotal="150.00" Descuento="10.00" Moneda="MXN" Total="${o.total}" TipoDeComprobante="I" Exportacion="01" MetodoPago="PUE" LugarExpedicion="64000">
  <cfdi:Emisor Rfc="${o.rfc}" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="XIA190128J61" Nombre="XENON INDUSTRIAL ARTICLES" DomicilioFiscalReceptor="76343" RegimenFiscalReceptor="601" UsoCFDI="G03"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="50202306" NoIdentificacion="7501055300075" Cantidad="2" ClaveUnidad="H87" Unidad="Pieza" Descripcion="Refresco de cola 600 ml" ValorUnitario="50.00" Importe="100.00" Descuento="10.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados>
          <cfdi:Traslado Base="90.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="14.40"/>
        </cfdi:Traslados>
      </cfdi:Impuestos>
    </cfdi:Concepto>
    <cfdi:Concepto ClaveProdServ="50131700" Cantidad="1" ClaveUnidad="H87" Unidad="Pieza" Descripcion="Leche entera 1 L" ValorUnitario="50.00" Importe="50.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados>
          <cfdi:Traslado Base="50.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.000000" Importe="0.00"/>
        </cfdi:Traslados>
      </cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="14.40">
    <cfdi:Traslados>
      <cfdi:Traslado Base="90.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="14.40"/>
      <cfdi:Traslado Base="50.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.000000" Importe="0.00"/>
    </cfdi:Traslados>
  </cfdi:Impuestos>
</cfdi:Comprobante>
`;

/** The certificate's number as the SAT writes it: its serial's bytes read as ASCII digits. */
export const certificateNumber = (der: Buffer) =>
  Buffer.from(new X509Certificate(der).serialNumber, 'hex').toString('ascii');

/** A sealed CFDI 4.0 (SubTotal 150.00, Descuento 10.00, IVA 14.40, Total 154.40 unless told). */
export async function sealedCfdi({
  csd,
  rfc = FIXTURE_RFC,
  folio = '1',
  fecha = '2026-11-27T10:15:00',
  total = '154.40',
}: FixtureOptions): Promise<string> {
  const fields = {
    rfc,
    folio,
    fecha,
    total,
    noCertificado: certificateNumber(csd.cer),
    certificado: csd.cer.toString('base64'),
  };
  const cadena = await transform(satFile('cfdiCadena'), template({ ...fields, sello: '' }));
  const key = createPrivateKey({ key: csd.key, format: 'der', type: 'pkcs8', passphrase: csd.password });
  const sello = sign('sha256', Buffer.from(cadena, 'utf8'), key).toString('base64');
  return template({ ...fields, sello });
}

/** The XML with one attribute's value changed after sealing (the seal no longer matches). */
export const tamper = (xml: string, attribute: string, value: string) =>
  xml.replace(new RegExp(`( ${attribute}=")[^"]*(")`), `$1${value}$2`);
