import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

const require = createRequire(import.meta.url);
let sanitizer: typeof sanitizeHtml | null = null;
/** sanitize-html and its HTML parser (about 15 MB), loaded when the first rich text is stored. */
const sanitize = () => (sanitizer ??= require('sanitize-html') as typeof sanitizeHtml);

/**
 * The one allowlist for rich text stored on the server (journey texts, itinerary days, hotel descriptions,
 * destination SEO texts, blog posts, content pages): what the editor produces — paragraphs, line breaks, bold,
 * italic, underline, strike, inline code, headings h2–h4, lists, quotes and links (http, https, mailto). Everything
 * else is dropped: scripts and styles with their content, iframes, event handlers (`on*`), `style` and `class`
 * attributes, `javascript:` links.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'code', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    // A link that opens a new window must not hand that window a reference back to ours.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Sanitised rich text, or null when nothing (or only whitespace) is left. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitize()(html, RICH_TEXT_OPTIONS).trim();
  return clean === '' ? null : clean;
}
