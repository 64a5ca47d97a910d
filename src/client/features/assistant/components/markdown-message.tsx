import { isAppHref } from "@shared/markdown";
import { useMemo } from "react";
import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";

type MarkdownMessageProps = {
  content: string;
  /** Called when an internal link is followed (the dialog closes). */
  onNavigate?: () => void;
};

const linkStyles = "font-medium text-primary underline underline-offset-2 hover:text-primary-hover";

function markdownComponents(onNavigate?: () => void): Components {
  return {
    // Only Ardoise's own pages are links: an answer may quote text a user or a model wrote, and a link
    // to another site in it would borrow the app's trust. Any other link shows its text only.
    a: ({ href, children }) =>
      isAppHref(href) ? (
        <Link to={href} onClick={onNavigate} className={linkStyles}>
          {children}
        </Link>
      ) : (
        <span>{children}</span>
      ),
    p: ({ children }) => <p className="leading-relaxed">{children}</p>,
    ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
    ol: ({ children }) => <ol className="list-decimal space-y-1 pl-5">{children}</ol>,
    h1: ({ children }) => <p className="font-semibold">{children}</p>,
    h2: ({ children }) => <p className="font-semibold">{children}</p>,
    h3: ({ children }) => <p className="font-semibold">{children}</p>,
    blockquote: ({ children }) => (
      <blockquote className="border-l-2 pl-3 text-muted-foreground">{children}</blockquote>
    ),
    code: ({ children }) => (
      <code className="rounded bg-background/70 px-1 py-0.5 font-mono text-[0.85em]">{children}</code>
    ),
    pre: ({ children }) => (
      <pre className="overflow-x-auto rounded-lg bg-background/70 p-3 text-xs [&_code]:bg-transparent [&_code]:p-0">
        {children}
      </pre>
    ),
    hr: () => <hr className="border-border" />,
    // A model's answer could point an image at any address (a tracking pixel): only its text is shown.
    img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  };
}

/**
 * An assistant answer rendered as markdown, safely: raw HTML is dropped (skipHtml), images show their text,
 * and only links to the app's own pages are links; they navigate in the app without a reload.
 */
export function MarkdownMessage({ content, onNavigate }: MarkdownMessageProps) {
  const components = useMemo(() => markdownComponents(onNavigate), [onNavigate]);
  return (
    <div className="space-y-2 text-sm break-words">
      <Markdown skipHtml components={components}>
        {content}
      </Markdown>
    </div>
  );
}
