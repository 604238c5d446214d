import sanitizeHtml from 'sanitize-html';

/**
 * The one allowlist for rich text (trip texts, destination SEO text): what the editor (ra-input-rich-text)
 * writes — paragraphs, line breaks, bold, italic, underline, strike, headings 2–4, lists, quotes and links
 * (http, https, mailto). Everything else goes: scripts, styles, event handlers, `javascript:` links.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Sanitised HTML, or null for nothing (null, undefined, or only whitespace and stripped markup). */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' ? null : clean;
}
