import { SaxesParser, type SaxesTagNS } from 'saxes';

// A supplier's XML read into a small tree of elements, safely (decision 100): saxes (the project's
// XML parser, already used by invoicing and the spreadsheet import) reads no DTD, resolves no
// external reference and expands no entity but the five of XML itself; an undeclared entity is an
// error. A DOCTYPE is refused outright: a CFDI never has one, and it is where a billion-laughs or
// an external entity would be declared. The file's size is capped before it gets here.

export interface XmlElement {
  uri: string;
  local: string;
  /** Attributes without a namespace (the CFDI's own), by name. */
  attributes: Map<string, string>;
  children: XmlElement[];
}

/** Why the bytes are not a readable XML document (the message is for the user). */
export class UnreadableXml extends Error {}

export const DOCTYPE_REFUSED =
  'El XML trae una declaración DOCTYPE (entidades o referencias externas): un CFDI no la tiene y, por seguridad, no se lee.';
export const NOT_XML = 'El archivo no es un XML válido.';
const NOT_UTF8 = 'El XML no está en UTF-8, como el SAT pide para un CFDI.';

/** Thrown inside the parser's handlers so the DOCTYPE's own message survives. */
class Refused extends Error {}

function decodeUtf8(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw new UnreadableXml(NOT_UTF8);
  }
}

export function parseXmlTree(data: Buffer): XmlElement {
  const xml = decodeUtf8(data);
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on('doctype', () => {
    throw new Refused(DOCTYPE_REFUSED);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes = new Map<string, string>();
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === '') attributes.set(attribute.local, attribute.value);
    }
    const element: XmlElement = { uri: tag.uri, local: tag.local, attributes, children: [] };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw new UnreadableXml(error instanceof Refused ? error.message : NOT_XML);
  }
  if (!root) throw new UnreadableXml(NOT_XML);
  return root;
}

export const childOf = (parent: XmlElement, uri: string, local: string) =>
  parent.children.find((element) => element.uri === uri && element.local === local);

export const childrenOf = (parent: XmlElement | undefined, uri: string, local: string) =>
  parent?.children.filter((element) => element.uri === uri && element.local === local) ?? [];
