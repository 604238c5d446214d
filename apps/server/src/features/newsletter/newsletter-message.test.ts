import { describe, expect, it } from 'vitest';
import { fallbackBrand } from '@tourdesk/contracts/brand';
import {
  compileNewsletter,
  newsletterUrls,
  personalise,
  recipientTokenKey,
  signRecipientToken,
  unsubscribeHeaders,
  verifyRecipientToken,
} from './newsletter-message.ts';

const MJML = `<mjml><mj-body>
  <mj-section><mj-column>
    <mj-image src="{{brand_logo}}" alt="{{brand_name}}" />
    <mj-text color="{{brand_color}}">Hallo {{salutation}} {{first_name}} {{last_name}},</mj-text>
    <mj-button href="https://reisen.example.de/ostsee?a=1&amp;b=2">Zur Ostsee</mj-button>
    <mj-text><a href="https://reisen.example.de/harz">Harz</a> · <a href="https://reisen.example.de/ostsee?a=1&amp;b=2">nochmal</a></mj-text>
    <mj-text><a href="{{unsubscribe_url}}">Abmelden</a></mj-text>
  </mj-column></mj-section>
</mj-body></mjml>`;

const brand = { ...fallbackBrand('reisen.example.de'), name: 'Sonnenreisen', logo: 'https://cdn.example.de/logo.png' };

describe('compileNewsletter', () => {
  it('fills the brand, keeps the contact placeholders and lists each web link once, in order', async () => {
    const compiled = await compileNewsletter(MJML, brand);
    expect(compiled.problems).toEqual([]);
    expect(compiled.html).toContain('https://cdn.example.de/logo.png');
    expect(compiled.html).toContain('{{first_name}}');
    expect(compiled.links).toEqual(['https://reisen.example.de/ostsee?a=1&b=2', 'https://reisen.example.de/harz']);
  });

  it('reports MJML problems with their line', async () => {
    const compiled = await compileNewsletter('<mjml><mj-body>\n<mj-text>lost</mj-text></mj-body></mjml>', null);
    expect(compiled.problems.length).toBeGreaterThan(0);
    expect(compiled.problems[0]).toMatchObject({ line: 2, tagName: 'mj-text' });
  });
});

describe('personalise', () => {
  it('escapes the contact, tracks links and adds the pixel and a text part', async () => {
    const compiled = await compileNewsletter(MJML, brand);
    const urls = newsletterUrls('https://reisen.example.de', 'n1.7.abc');
    const mail = await personalise(compiled.html, {
      contact: { email: 'a@example.de', salutation: 'Frau', first_name: '<Anna>', last_name: 'Groß' },
      unsubscribeUrl: urls.unsubscribe,
      tracking: { openUrl: urls.open, clickUrl: urls.click, links: compiled.links },
    });
    expect(mail.html).toContain('Hallo Frau &lt;Anna&gt; Groß,');
    expect(mail.html).toContain('href="https://reisen.example.de/api/v1/newsletter/c/n1.7.abc/0"');
    expect(mail.html).toContain('href="https://reisen.example.de/api/v1/newsletter/c/n1.7.abc/1"');
    expect(mail.html).not.toContain('href="https://reisen.example.de/harz"');
    expect(mail.html).toContain('href="https://reisen.example.de/newsletter/unsubscribe/n1.7.abc"');
    expect(mail.html).toContain('src="https://reisen.example.de/api/v1/newsletter/o/n1.7.abc.gif"');
    expect(mail.text).toContain('Hallo Frau <Anna> Groß,');
    expect(mail.text).toContain('https://reisen.example.de/newsletter/unsubscribe/n1.7.abc');
    expect(mail.text).not.toContain('{{');
  });

  it('leaves links and the pixel alone when the campaign does not track', async () => {
    const compiled = await compileNewsletter(MJML, brand);
    const mail = await personalise(compiled.html, {
      contact: { email: 'a@example.de' },
      unsubscribeUrl: 'https://x/u',
    });
    expect(mail.html).toContain('href="https://reisen.example.de/harz"');
    expect(mail.html).not.toContain('/newsletter/o/');
  });
});

describe('recipient tokens', () => {
  const key = recipientTokenKey('secret one');
  it('round-trip, and reject a changed id, another key or garbage', () => {
    const token = signRecipientToken(key, 4711);
    expect(verifyRecipientToken(key, token)).toBe(4711);
    expect(verifyRecipientToken(key, token.replace('4711', '4712'))).toBeNull();
    expect(verifyRecipientToken(recipientTokenKey('secret two'), token)).toBeNull();
    expect(verifyRecipientToken(key, 'n1.1.short')).toBeNull();
  });
  it('give the one-click unsubscribe headers', () => {
    expect(unsubscribeHeaders('https://x/api/v1/newsletter/unsubscribe/t')).toEqual({
      'List-Unsubscribe': '<https://x/api/v1/newsletter/unsubscribe/t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
