/**
 * The one layout of every Ardoise e-mail, in HTML and in plain text.
 *
 * E-mail clients are not browsers: Gmail drops <style> blocks in some views and Outlook for Windows renders
 * with Word, so the HTML is tables with inline styles only, a fixed 560 px column, web-safe fonts, and a
 * button made of a coloured table cell (clickable text inside) with the plain link repeated under it.
 * Every interpolated value goes through `escapeHtml`: names come from users.
 */

export type RenderedEmail = { subject: string; html: string; text: string };

export type EmailLink = { label: string; url: string };

export type EmailContent = {
  subject: string;
  /** Preview line shown by the inbox after the subject; hidden in the body. */
  preheader: string;
  heading: string;
  /** The recipient's name as they typed it; "Bonjour," when empty. */
  name?: string | null;
  /** Paragraphs before the button, as plain text. */
  intro: string[];
  /** Label/value rows (a receipt), shown before the button. */
  details?: { label: string; value: string }[];
  /** The primary action: a button, with the same URL as a plain link under it. */
  action?: EmailLink;
  /** Paragraphs after the button (validity, "ignore this e-mail if…"). */
  outro?: string[];
  /** A secondary link as one sentence: `${lead} ${label}` (e.g. "Mot de passe oublié ? Le réinitialiser"). */
  secondary?: EmailLink & { lead: string };
  /** Why the recipient gets this e-mail: "Vous recevez cet e-mail car …". */
  reason: string;
};

const BRAND = "Ardoise";
const TAGLINE = "la gestion de votre activité freelance";
const SIGNATURE = "L'équipe Ardoise";

const color = {
  page: "#f3f4f8",
  card: "#ffffff",
  border: "#e3e5ee",
  text: "#2b3044",
  heading: "#161a2b",
  muted: "#6b7088",
  primary: "#4f46e5",
  primaryText: "#ffffff",
  detailBackground: "#f7f7fb",
};
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Only http(s) links go into an e-mail: a `javascript:` or `data:` URL here would be a bug upstream. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`E-mail link must be http(s): ${parsed.protocol}`);
  }
  return url;
}

/** A user's name on one line, without the spaces and line breaks a form may let through. */
function cleanName(name: string | null | undefined): string {
  return (name ?? "").replace(/\s+/g, " ").trim().slice(0, 120);
}

function greeting(name: string | null | undefined): string {
  const clean = cleanName(name);
  return clean ? `Bonjour ${clean},` : "Bonjour,";
}

export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, html: renderHtml(content), text: renderText(content) };
}

function paragraph(text: string, style = ""): string {
  return `<p style="margin:0 0 16px;font-family:${FONT};font-size:15px;line-height:24px;color:${color.text};${style}">${escapeHtml(text)}</p>`;
}

function detailsTable(details: NonNullable<EmailContent["details"]>): string {
  const rows = details
    .map(
      ({ label, value }, index) => `<tr>
<td style="padding:10px 16px;${index > 0 ? `border-top:1px solid ${color.border};` : ""}font-family:${FONT};font-size:14px;line-height:20px;color:${color.muted};" valign="top">${escapeHtml(label)}</td>
<td style="padding:10px 16px;${index > 0 ? `border-top:1px solid ${color.border};` : ""}font-family:${FONT};font-size:14px;line-height:20px;color:${color.heading};font-weight:600;" align="right" valign="top">${escapeHtml(value)}</td>
</tr>`,
    )
    .join("\n");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 24px;border-collapse:separate;background-color:${color.detailBackground};border:1px solid ${color.border};border-radius:8px;">
${rows}
</table>`;
}

function button({ label, url }: EmailLink): string {
  const href = escapeHtml(safeUrl(url));
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr>
<td align="center" bgcolor="${color.primary}" style="border-radius:8px;background-color:${color.primary};">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:13px 26px;border:1px solid ${color.primary};border-radius:8px;font-family:${FONT};font-size:15px;line-height:20px;font-weight:600;color:${color.primaryText};text-decoration:none;">${escapeHtml(label)}</a>
</td>
</tr>
</table>
<p style="margin:0 0 24px;font-family:${FONT};font-size:13px;line-height:20px;color:${color.muted};">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur&nbsp;:<br><a href="${href}" target="_blank" rel="noopener" style="color:${color.primary};text-decoration:underline;word-break:break-all;">${escapeHtml(url)}</a></p>`;
}

function renderHtml(content: EmailContent): string {
  const body = [
    paragraph(greeting(content.name)),
    ...content.intro.map((text) => paragraph(text)),
    content.details?.length ? detailsTable(content.details) : "",
    content.action ? button(content.action) : "",
    ...(content.outro ?? []).map((text) => paragraph(text)),
    content.secondary
      ? `<p style="margin:0 0 16px;font-family:${FONT};font-size:15px;line-height:24px;color:${color.text};">${escapeHtml(content.secondary.lead)} <a href="${escapeHtml(safeUrl(content.secondary.url))}" target="_blank" rel="noopener" style="color:${color.primary};text-decoration:underline;">${escapeHtml(content.secondary.label)}</a></p>`
      : "",
    paragraph(SIGNATURE, "margin:24px 0 0;"),
  ]
    .filter(Boolean)
    .join("\n");

  return `<!DOCTYPE html>
<html lang="fr" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${color.page};-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${color.page};">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${color.page}" style="background-color:${color.page};">
<tr>
<td align="center" style="padding:32px 12px;">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:560px;">
<tr>
<td style="padding:0 8px 20px;font-family:${FONT};font-size:22px;line-height:28px;font-weight:700;letter-spacing:-0.3px;color:${color.primary};">${BRAND}</td>
</tr>
<tr>
<td bgcolor="${color.card}" style="background-color:${color.card};border:1px solid ${color.border};border-radius:12px;padding:36px 32px 32px;">
<h1 style="margin:0 0 20px;font-family:${FONT};font-size:22px;line-height:30px;font-weight:700;color:${color.heading};">${escapeHtml(content.heading)}</h1>
${body}
</td>
</tr>
<tr>
<td style="padding:24px 8px 0;font-family:${FONT};font-size:12px;line-height:18px;color:${color.muted};">
<p style="margin:0 0 8px;font-family:${FONT};font-size:12px;line-height:18px;color:${color.muted};">${escapeHtml(content.reason)}</p>
<p style="margin:0;font-family:${FONT};font-size:12px;line-height:18px;color:${color.muted};">${BRAND} — ${escapeHtml(TAGLINE)}</p>
</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`;
}

function renderText(content: EmailContent): string {
  const blocks = [
    content.heading,
    greeting(content.name),
    ...content.intro,
    content.details?.length
      ? content.details.map(({ label, value }) => `${label} : ${value}`).join("\n")
      : "",
    content.action ? `${content.action.label} :\n${safeUrl(content.action.url)}` : "",
    ...(content.outro ?? []),
    content.secondary
      ? `${content.secondary.lead} ${content.secondary.label} :\n${safeUrl(content.secondary.url)}`
      : "",
    SIGNATURE,
    `--\n${content.reason}\n${BRAND} — ${TAGLINE}`,
  ];
  return `${blocks.filter(Boolean).join("\n\n")}\n`;
}

const BARE_GREETING = /^(bonjour|bonsoir)\s*,?$/i;

/**
 * The freelancer's message as the layout's paragraphs (blank lines separate them). The layout already opens
 * with "Bonjour <name>,": a bare greeting leading the message would say it twice, so it is dropped.
 */
export function messageParagraphs(message: string): string[] {
  return message
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .filter((paragraph, index) => index > 0 || !BARE_GREETING.test(paragraph));
}
