import escapeHtml from 'escape-html';
import type { Brand } from '@tourdesk/contracts';
import { MAIL_COMMON, MAIL_LANGUAGES, MAIL_TEXTS, type MailLanguage, type MailTemplate } from './mail-texts.ts';

/** The templates mails are laid out with; every mail uses `default` unless it names another (spec §9). */
export type MailLayoutName = 'default';

export type MailContent = { subject: string; html: string; text: string };

export type MailVariables = {
  name?: string | null;
  link?: string;
  hours?: number;
  trip?: string;
  /** the booking number */
  vorgangnr?: number;
  /** a date or date-time, already formatted for the reader */
  date?: string;
  /** an amount, already formatted for the reader (1.234,50 €) */
  amount?: string;
  /** a reminder level */
  level?: number;
  /** another person the mail is about (who asks to see a shared trip) */
  person?: string;
};

export const mailLanguage = (language: string | null | undefined): MailLanguage =>
  (MAIL_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as MailLanguage) : 'en';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

/**
 * Renders a mail in the `default` layout: the brand of the host the action came from (logo or name,
 * company, address, legal links), the recipient's language, an HTML and a plain-text part.
 */
export function renderMail(
  template: MailTemplate,
  variables: MailVariables,
  brand: Brand,
  language: string,
  layout: MailLayoutName = 'default',
): MailContent {
  const lang = mailLanguage(language);
  const common = MAIL_COMMON[lang];
  const texts = MAIL_TEXTS[template][lang];
  const values = {
    brand: brand.name,
    name: variables.name ?? '',
    hours: String(variables.hours ?? 24),
    trip: variables.trip ?? '',
    vorgangnr: variables.vorgangnr === undefined ? '' : String(variables.vorgangnr),
    date: variables.date ?? '',
    amount: variables.amount ?? '',
    level: variables.level === undefined ? '' : String(variables.level),
    person: variables.person ?? '',
  };
  const subject = fill(texts.subject, values);
  const greeting = variables.name ? fill(common.greeting, values) : common.fallbackGreeting;
  const intro = fill(texts.intro, values);
  const outro = fill(texts.outro, values);
  const regards = fill(common.regards, values);
  const address = [brand.company, brand.street, [brand.zip, brand.city].filter(Boolean).join(' ')].filter(Boolean);
  const register = [brand.court, brand.RegistrationNumber].filter(Boolean).join(' · ');
  const legal = (['imprint', 'privacy', 'terms'] as const).flatMap((key) =>
    brand.legalLinks[key] ? [{ label: common.legal[key], href: brand.legalLinks[key]! }] : [],
  );
  const colour = brand.primaryColor ?? '#004a69';
  const action = texts.action && variables.link ? { label: texts.action, href: variables.link } : null;

  const text = [
    greeting,
    '',
    intro,
    ...(action ? ['', `${action.label}: ${action.href}`] : []),
    '',
    outro,
    '',
    regards,
    '',
    '--',
    ...address,
    ...(brand.tel ? [brand.tel] : []),
    ...(brand.email ? [brand.email] : []),
    ...(register ? [register] : []),
    ...legal.map((link) => `${link.label}: ${link.href}`),
  ].join('\n');

  const e = escapeHtml;
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${e(content).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${lang}" data-layout="${layout}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d2a33">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;overflow:hidden">
<tr><td style="background:${e(colour)};padding:20px 32px;color:#ffffff;font-size:20px;font-weight:bold">${
    brand.logo ? `<img src="${e(brand.logo)}" alt="${e(brand.name)}" style="max-height:48px;border:0">` : e(brand.name)
  }</td></tr>
<tr><td style="padding:32px">
${paragraph(greeting)}${paragraph(intro)}${
    action
      ? `<p style="margin:24px 0"><a href="${e(action.href)}" style="background:${e(colour)};color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block;font-weight:bold">${e(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#5a6a75">${e(common.linkHint)}<br><a href="${e(action.href)}" style="color:${e(colour)};word-break:break-all">${e(action.href)}</a></p>`
      : ''
  }${paragraph(outro)}${paragraph(regards)}
</td></tr>
<tr><td style="padding:16px 32px;background:#f8f9fa;font-size:12px;color:#5a6a75;line-height:1.5">${address.map(e).join('<br>')}${
    brand.tel ? `<br>${e(brand.tel)}` : ''
  }${brand.email ? `<br>${e(brand.email)}` : ''}${register ? `<br>${e(register)}` : ''}${
    legal.length > 0
      ? `<br>${legal.map((link) => `<a href="${e(link.href)}" style="color:#5a6a75">${e(link.label)}</a>`).join(' · ')}`
      : ''
  }</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
