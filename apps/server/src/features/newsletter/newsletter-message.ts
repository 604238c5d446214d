import { createHmac, timingSafeEqual } from 'node:crypto';
import escapeHtml from 'escape-html';
import type { Brand } from '@tourdesk/contracts';
import { DEFAULT_PRIMARY_COLOR } from '@tourdesk/contracts/brand';

/**
 * How a newsletter mail is made (docs/adr/0021): the MJML of a template is compiled once per campaign into HTML
 * that still holds the contact placeholders; each recipient's mail is that HTML with the placeholders filled,
 * its links pointing through the click tracker and a tracking pixel at the end (both only when the campaign
 * tracks), and a plain-text part.
 */

/** Placeholders a template may use for the contact, written `{{name}}`. */
export const CONTACT_PLACEHOLDERS = ['salutation', 'title', 'first_name', 'last_name', 'email'] as const;
export type ContactPlaceholder = (typeof CONTACT_PLACEHOLDERS)[number];
/** Placeholders filled from the brand when the template is compiled. */
export const BRAND_PLACEHOLDERS = ['brand_name', 'brand_logo', 'brand_color', 'brand_address'] as const;
/** The unsubscribe address of the recipient; every marketing mail must carry it (spec §5 certification). */
export const UNSUBSCRIBE_PLACEHOLDER = 'unsubscribe_url';

export type MjmlProblem = { line: number; message: string; tagName: string };
export type CompiledNewsletter = {
  /** HTML with the contact placeholders and `{{unsubscribe_url}}` still in it */
  html: string;
  /** the distinct web links of the mail in order of appearance; a link's index is its tracking position */
  links: string[];
  problems: MjmlProblem[];
};

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

const brandAddress = (brand: Brand) =>
  [brand.company ?? brand.name, brand.street, [brand.zip, brand.city].filter(Boolean).join(' ')]
    .filter((part) => part && part.trim() !== '')
    .join(' · ');

function fillBrand(mjml: string, brand: Brand | null): string {
  const values: Record<string, string> = {
    brand_name: brand?.name ?? '',
    brand_logo: brand?.logo ?? '',
    brand_color: brand?.primaryColor ?? DEFAULT_PRIMARY_COLOR,
    brand_address: brand ? brandAddress(brand) : '',
  };
  return mjml.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name]!) : whole,
  );
}

/** Every `href` of an anchor that leaves for the web (http or https), in order, each once. */
export function collectLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\s[^>]*?href="(https?:\/\/[^"]+)"/gi)) {
    const url = decodeAttribute(match[1]!);
    if (!links.includes(url)) links.push(url);
  }
  return links;
}

const decodeAttribute = (value: string) =>
  value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

/**
 * Compiles a template's MJML (mjml 5, strict validation) with the brand's name, logo, colour and address filled
 * in. Problems come back with their line; the HTML is still produced so a preview can show what works.
 */
export async function compileNewsletter(mjml: string, brand: Brand | null): Promise<CompiledNewsletter> {
  // mjml (with its html-minifier and juice) only loads when a newsletter is first compiled.
  const { default: mjml2html } = await import('mjml');
  let result;
  try {
    result = await mjml2html(fillBrand(mjml, brand), { validationLevel: 'soft', keepComments: false });
  } catch (error) {
    return { html: '', links: [], problems: [{ line: 0, message: (error as Error).message, tagName: 'mjml' }] };
  }
  return {
    html: result.html,
    links: collectLinks(result.html),
    problems: result.errors.map((problem) => ({
      line: problem.line,
      message: problem.message,
      tagName: problem.tagName,
    })),
  };
}

export type NewsletterContactValues = Partial<Record<ContactPlaceholder, string | null>> & { email: string };

export type Personalisation = {
  contact: NewsletterContactValues;
  unsubscribeUrl: string;
  /** when the campaign tracks: where the pixel and the click redirects live */
  tracking?: { openUrl: string; clickUrl: (position: number) => string; links: readonly string[] };
};

/** One recipient's HTML and text: placeholders filled (HTML-escaped), links tracked, the pixel appended. */
export async function personalise(compiled: string, values: Personalisation): Promise<{ html: string; text: string }> {
  const value = (name: string): string | null => {
    if (name === UNSUBSCRIBE_PLACEHOLDER) return values.unsubscribeUrl;
    if ((CONTACT_PLACEHOLDERS as readonly string[]).includes(name))
      return values.contact[name as ContactPlaceholder] ?? '';
    return null;
  };
  let html = compiled.replace(PLACEHOLDER, (whole, name: string) => {
    const filled = value(name);
    return filled === null ? whole : escapeHtml(filled);
  });
  const { tracking } = values;
  if (tracking) {
    html = html.replace(/(<a\s[^>]*?href=")(https?:\/\/[^"]+)"/gi, (whole, start: string, href: string) => {
      const position = tracking.links.indexOf(decodeAttribute(href));
      return position < 0 ? whole : `${start}${escapeHtml(tracking.clickUrl(position))}"`;
    });
    const pixel = `<img src="${escapeHtml(tracking.openUrl)}" width="1" height="1" alt="" style="display:block;height:1px;width:1px;border:0" />`;
    html = html.includes('</body>') ? html.replace('</body>', `${pixel}</body>`) : html + pixel;
  }
  // The text part is converted once per compiled mail and filled like the HTML (its links stay untracked).
  const text = (await compiledText(compiled)).replace(PLACEHOLDER, (whole, name: string) => value(name) ?? whole);
  return { html, text };
}

/** The text of the last few compiled mails: converting HTML to text costs more than all the rest of a mail. */
const textCache = new Map<string, Promise<string>>();
const TEXT_CACHE_SIZE = 8;

function compiledText(compiled: string): Promise<string> {
  let text = textCache.get(compiled);
  if (!text) {
    text = htmlToText(compiled);
    textCache.set(compiled, text);
    if (textCache.size > TEXT_CACHE_SIZE) textCache.delete(textCache.keys().next().value!);
  }
  return text;
}

async function htmlToText(html: string): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
}

/** The headers of a marketing mail that mail programs use for their unsubscribe button (RFC 2369, RFC 8058). */
export const unsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

// Recipient tokens: the key of the tracking, click and unsubscribe addresses

/** The key that signs recipient tokens, derived from the installation's token key like the QR tickets'. */
export const recipientTokenKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('tourdesk newsletter recipient key').digest();

const signature = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(body).digest('base64url').slice(0, 22);

/** `n1.{recipientId}.{signature}`: names one recipient of one campaign; cannot be guessed or altered. */
export function signRecipientToken(key: Buffer, recipientId: number): string {
  const body = `n1.${recipientId}`;
  return `${body}.${signature(key, body)}`;
}

/** The recipient id of a token this installation signed, else null. */
export function verifyRecipientToken(key: Buffer, token: string): number | null {
  const match = /^n1\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signature(key, `n1.${match[1]}`));
  const given = Buffer.from(match[2]!);
  if (!timingSafeEqual(expected, given)) return null;
  return Number(match[1]);
}

/** The public addresses of a recipient's mail (routes of the campaigns and analysis features). */
export const newsletterUrls = (baseUrl: string, token: string) => ({
  unsubscribe: `${baseUrl}/newsletter/unsubscribe/${token}`,
  unsubscribeOneClick: `${baseUrl}/api/v1/newsletter/unsubscribe/${token}`,
  open: `${baseUrl}/api/v1/newsletter/o/${token}.gif`,
  click: (position: number) => `${baseUrl}/api/v1/newsletter/c/${token}/${position}`,
});
