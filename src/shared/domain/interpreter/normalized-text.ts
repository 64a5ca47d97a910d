/**
 * A text rewritten by the normaliser, with the way back to what the user typed. Every character of the
 * normalised text knows the range of original characters it comes from: a copied character its own, a
 * written one ("1200" for « mille deux cents », "facture" for « fcature ») the whole range it replaced. So a
 * name found in the normalised text is read back in the user's spelling, and a later stage can tell the words
 * the normaliser changed on purpose.
 */
export type NormalizedText = {
  readonly original: string;
  readonly text: string;
  /** What the user typed for the normalised characters [start, end). */
  originalOf(start: number, end: number): string;
  /** The original range of the normalised characters [start, end). */
  originalSpan(start: number, end: number): { start: number; end: number };
  /** True when the normaliser rewrote one of the normalised characters [start, end). */
  isChanged(start: number, end: number): boolean;
};

/** Replace the text [start, end) of the current text by `text`; edits of one pass must not overlap. */
export type Edit = { start: number; end: number; text: string };

type Origins = { from: Int32Array; to: Int32Array; changed: Uint8Array };

export function unchanged(original: string): NormalizedText {
  const length = original.length;
  const from = new Int32Array(length);
  const to = new Int32Array(length);
  for (let index = 0; index < length; index += 1) {
    from[index] = index;
    to[index] = index + 1;
  }
  return build(original, original, { from, to, changed: new Uint8Array(length) });
}

/** The text after one pass of edits, its characters still mapped to the original. */
export function applyEdits(current: NormalizedText, edits: readonly Edit[]): NormalizedText {
  // An edit that writes what is there already changes nothing: the characters stay the user's.
  const sorted = edits
    .filter((edit) => current.text.slice(edit.start, edit.end) !== edit.text)
    .sort((a, b) => a.start - b.start);
  if (sorted.length === 0) return current;
  const old = originsOf(current);
  const from: number[] = [];
  const to: number[] = [];
  const changed: number[] = [];
  let text = "";
  let cursor = 0;
  const copy = (end: number) => {
    for (let index = cursor; index < end; index += 1) {
      from.push(old.from[index] as number);
      to.push(old.to[index] as number);
      changed.push(old.changed[index] as number);
    }
    text += current.text.slice(cursor, end);
  };
  for (const edit of sorted) {
    if (edit.start < cursor) throw new Error("applyEdits: overlapping edits");
    copy(edit.start);
    // An insertion has no characters of its own: it belongs where it is put.
    const span =
      edit.end > edit.start
        ? { start: old.from[edit.start] as number, end: old.to[edit.end - 1] as number }
        : insertionPoint(old, edit.start, current.original.length);
    for (let index = 0; index < edit.text.length; index += 1) {
      from.push(span.start);
      to.push(span.end);
      changed.push(1);
    }
    text += edit.text;
    cursor = edit.end;
  }
  copy(current.text.length);
  return build(current.original, text, {
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    changed: Uint8Array.from(changed),
  });
}

function insertionPoint(origins: Origins, position: number, originalLength: number) {
  const at = position > 0 ? (origins.to[position - 1] as number) : (origins.from[0] ?? originalLength);
  return { start: at, end: at };
}

const ORIGINS = new WeakMap<NormalizedText, Origins>();

function originsOf(normalized: NormalizedText): Origins {
  const origins = ORIGINS.get(normalized);
  if (!origins) throw new Error("originsOf: not built by normalized-text");
  return origins;
}

function build(original: string, text: string, origins: Origins): NormalizedText {
  const originalSpan = (start: number, end: number) => {
    if (end <= start) {
      const at = start < text.length ? (origins.from[start] as number) : original.length;
      return { start: at, end: at };
    }
    return { start: origins.from[start] as number, end: origins.to[end - 1] as number };
  };
  const normalized: NormalizedText = {
    original,
    text,
    originalSpan,
    originalOf: (start, end) => {
      const span = originalSpan(start, end);
      return original.slice(span.start, span.end);
    },
    isChanged: (start, end) => origins.changed.subarray(start, end).includes(1),
  };
  ORIGINS.set(normalized, origins);
  return normalized;
}
