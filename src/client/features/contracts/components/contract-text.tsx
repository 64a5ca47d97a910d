import { Fragment } from "react";

const MISSING = "[à compléter]";

/** A paragraph with the template's blanks highlighted, so they are completed before sending. */
function WithBlanks({ text }: { text: string }) {
  const parts = text.split(MISSING);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string, in a fixed order
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <mark className="rounded bg-amber-500/20 px-0.5 text-amber-900 dark:text-amber-200">
              {MISSING}
            </mark>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The contract as the PDF prints it: "## " lines are headings, blank lines separate paragraphs. Rendered
 * as text, never as HTML.
 */
export function ContractText({ content }: { content: string }) {
  const blocks: { kind: "heading" | "paragraph"; text: string }[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
    paragraph = [];
  };
  for (const line of content.split("\n")) {
    if (line.startsWith("## ")) {
      flush();
      blocks.push({ kind: "heading", text: line.slice(3) });
    } else if (!line.trim()) flush();
    else paragraph.push(line);
  }
  flush();
  if (blocks.length === 0) return <p className="text-sm text-muted-foreground">Le contrat est vide.</p>;
  return (
    <div className="space-y-3 text-sm leading-relaxed">
      {blocks.map((block, index) =>
        block.kind === "heading" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
          <h3 key={index} className="pt-2 text-base font-semibold">
            {block.text}
          </h3>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
          <p key={index} className="whitespace-pre-line">
            <WithBlanks text={block.text} />
          </p>
        ),
      )}
    </div>
  );
}
