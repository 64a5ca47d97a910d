/**
 * Record text (client names, titles, notes) written into the assistant's markdown answers. It is data, not
 * markup: a client named "[x](https://evil.example)" must show those characters, never become a link.
 */
const MARKDOWN_SPECIALS = /[\\`*_{}[\]()<>#+\-.!|~]/g;

export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIALS, "\\$&").replace(/\r?\n/g, " ");
}
