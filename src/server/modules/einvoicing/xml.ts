import { formatCount } from "@shared/format";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { AppError } from "../../errors";

/**
 * Reading untrusted XML (supplier e-invoices). Entity processing is off in the parser, and any DTD is
 * refused before parsing: DOCTYPE and ENTITY declarations are what XXE and "billion laughs" need, and an
 * e-invoice (CII, UBL) never has one. Only the five predefined entities and character references are
 * decoded, in one pass that never expands a result again.
 */

export type XmlElement = { [name: string]: XmlElement[] | string };

/**
 * Every XML from outside is measured before it is parsed (issue 26): a CII or UBL invoice of a thousand lines
 * has about 50 000 elements nested some 12 deep. Entities need no limit of their own: a DTD is refused, so only
 * the five predefined ones and character references exist, each decoded once into one character.
 */
export const XML_LIMITS = { elements: 200_000, depth: 64 } as const;

export const XML_MESSAGES = {
  dtd: "Fichier XML refusé : les déclarations DOCTYPE et ENTITY ne sont pas acceptées dans une facture électronique.",
  encoding: "Fichier XML illisible : il doit être encodé en UTF-8.",
  malformed: "Ce fichier n'est pas un XML bien formé",
  tooManyElements: `Fichier XML refusé : il contient plus de ${formatCount(XML_LIMITS.elements, "élément")}, bien plus qu'une facture électronique.`,
  tooDeep: `Fichier XML refusé : ses éléments sont imbriqués sur plus de ${formatCount(XML_LIMITS.depth, "niveau", "niveaux")}.`,
} as const;

/**
 * Counts elements and nesting in one linear pass over the text, without building anything, and refuses the
 * document past a limit. Well-formedness is the validator's job afterwards; this only has to never loop.
 */
function checkXmlSize(text: string): void {
  let elements = 0;
  let depth = 0;
  const skipTo = (from: number, end: string) => {
    const at = text.indexOf(end, from);
    return at < 0 ? text.length : at + end.length;
  };
  for (let at = text.indexOf("<"); at >= 0 && at < text.length; at = text.indexOf("<", at)) {
    const next = text[at + 1];
    if (text.startsWith("<!--", at)) at = skipTo(at + 4, "-->");
    else if (text.startsWith("<![CDATA[", at)) at = skipTo(at + 9, "]]>");
    else if (next === "?") at = skipTo(at + 2, "?>");
    else if (next === "!") at = skipTo(at + 2, ">");
    else if (next === "/") {
      depth--;
      at = skipTo(at + 2, ">");
    } else {
      // The tag's end is the first ">" outside quotes (an attribute value may hold one).
      let quote = "";
      let end = at + 1;
      for (; end < text.length; end++) {
        const char = text[end];
        if (quote) quote = char === quote ? "" : quote;
        else if (char === '"' || char === "'") quote = char;
        else if (char === ">") break;
      }
      if (text[end - 1] !== "/") depth++;
      if (++elements > XML_LIMITS.elements) throw new AppError("bad_request", XML_MESSAGES.tooManyElements);
      if (depth > XML_LIMITS.depth) throw new AppError("bad_request", XML_MESSAGES.tooDeep);
      at = end + 1;
    }
  }
}

const DTD = /<!\s*(DOCTYPE|ENTITY)/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  maxNestedTags: XML_LIMITS.depth,
  alwaysCreateTextNode: true,
  // Every element is a list, so a path reads the same whether the document repeats it or not.
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeReferences(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    if (name[0] !== "#") return PREDEFINED[name.toLowerCase()] ?? whole;
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Parses a document; returns its root element's name and content, or throws a French 400. */
export function parseXml(bytes: Uint8Array): { root: string; element: XmlElement } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError("bad_request", XML_MESSAGES.encoding);
  }
  if (DTD.test(text)) throw new AppError("bad_request", XML_MESSAGES.dtd);
  checkXmlSize(text);
  const verdict = XMLValidator.validate(text);
  if (verdict !== true)
    throw new AppError("bad_request", `${XML_MESSAGES.malformed} (ligne ${verdict.err.line}).`);
  let document: XmlElement;
  try {
    document = parser.parse(text) as XmlElement;
  } catch {
    throw new AppError("bad_request", `${XML_MESSAGES.malformed}.`);
  }
  const root = Object.keys(document).find((key) => !key.startsWith("?") && !key.startsWith("#"));
  const element = root ? (document[root] as XmlElement[])[0] : undefined;
  if (!root || !element) throw new AppError("bad_request", `${XML_MESSAGES.malformed}.`);
  return { root, element };
}

/** The elements at a path of child names ("A/B/C"), in document order. */
export function all(element: XmlElement | undefined, path: string): XmlElement[] {
  let current = element ? [element] : [];
  for (const name of path.split("/")) {
    current = current.flatMap((node) => {
      const children = node[name];
      return Array.isArray(children) ? children : [];
    });
  }
  return current;
}

export const first = (element: XmlElement | undefined, path: string) => all(element, path)[0];

/** The text of the first element at a path, decoded and trimmed; undefined when absent or empty. */
export function text(element: XmlElement | undefined, path: string): string | undefined {
  const node = first(element, path);
  const value = node?.["#text"];
  return typeof value === "string" && value.trim() ? decodeReferences(value.trim()) : undefined;
}

export function attribute(element: XmlElement | undefined, name: string): string | undefined {
  const value = element?.[`@${name}`];
  return typeof value === "string" ? decodeReferences(value) : undefined;
}
