import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NewsletterPreview,
  NewsletterTemplate,
  NewsletterTemplateCard,
  NewsletterTemplateFile,
} from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { plainPng, uploadForm } from '../../../test/fixtures/images.ts';
import { seedDemoNewsletterTemplates } from '../../seed/demo-newsletter-templates.ts';

const mjml = (body: string) => `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
${body}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

const MARKETING = mjml(
  `        <mj-text color="{{brand_color}}">{{salutation}} {{last_name}}, Neues von {{brand_name}}</mj-text>
        <mj-text><a href="{{unsubscribe_url}}">Abmelden</a></mj-text>`,
);

describe('newsletter templates', () => {
  let t: TestApp;
  const as = { admin: '', office: '', agency: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'agency'] as const) as[role] = await createLogin(t.ctx, role);
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>, login = as.office) =>
    call(t.app, login, { method: 'POST', url: '/newsletter/templates', payload });

  it('creates, reads, lists with type filter and search, updates and deletes a template', async () => {
    const created = await create({ name: 'Frühlingsgrüße', type: 'marketing', subject: 'Hallo', mjml: MARKETING });
    expect(created.statusCode).toBe(201);
    const template = created.json<NewsletterTemplate>();
    expect(template).toMatchObject({ name: 'Frühlingsgrüße', type: 'marketing', campaign_count: 0, id_brand: null });
    const other = await create({
      name: 'Buchung bestätigt',
      type: 'transactional',
      subject: 'Danke',
      mjml: mjml('<mj-text>Danke</mj-text>'),
    });
    expect(other.statusCode).toBe(201);

    const marketing = await call(t.app, as.office, { method: 'GET', url: '/newsletter/templates?type=marketing' });
    expect(marketing.json().data.map((row: NewsletterTemplate) => row.name)).toEqual(['Frühlingsgrüße']);
    // accents and case ignored
    const found = await call(t.app, as.office, { method: 'GET', url: '/newsletter/templates?lit-search=FRUHLING' });
    expect(found.json().data.map((row: NewsletterTemplate) => row.id)).toEqual([template.id]);
    expect(
      (await call(t.app, as.office, { method: 'GET', url: `/newsletter/templates/${template.id}` })).json(),
    ).toMatchObject({
      subject: 'Hallo',
    });

    const renamed = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/newsletter/templates/${template.id}`,
      payload: { name: 'Sommergrüße', subject: 'Sommer' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Sommergrüße', subject: 'Sommer', mjml: MARKETING });

    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/newsletter/templates/${template.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await call(t.app, as.office, { method: 'GET', url: `/newsletter/templates/${template.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses a duplicate name at the name field, whatever its case and accents', async () => {
    expect((await create({ name: 'Herbstreisen', type: 'marketing', subject: 'x', mjml: MARKETING })).statusCode).toBe(
      201,
    );
    const again = await create({ name: ' herbstreisen', type: 'automation', subject: 'y', mjml: MARKETING });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      key: 'error.templateExists',
      errors: [{ field: 'name', key: 'error.templateExists' }],
    });
    const second = (
      await create({ name: 'Winterreisen', type: 'marketing', subject: 'x', mjml: MARKETING })
    ).json<NewsletterTemplate>();
    const rename = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/newsletter/templates/${second.id}`,
      payload: { name: 'HERBSTREISEN' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().errors).toEqual([expect.objectContaining({ field: 'name', key: 'error.templateExists' })]);
  });

  it('answers MJML problems as field errors with their line, and stores nothing', async () => {
    const broken = mjml(
      '        <mj-text>Hallo</mj-text>\n        <mj-section><mj-text>falsch</mj-text></mj-section>\n        <mj-button unknown-attr="1">Los</mj-button>',
    );
    const response = await create({ name: 'Kaputt', type: 'transactional', subject: 'x', mjml: broken });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.key).toBe('error.mjmlInvalid');
    expect(body.errors.length).toBeGreaterThanOrEqual(2);
    expect(body.errors.every((error: { field: string }) => error.field === 'mjml')).toBe(true);
    expect(body.errors.map((error: { message: string }) => error.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Line 6: /), expect.stringMatching(/^Line 7: .*unknown-attr/)]),
    );
    const list = await call(t.app, as.office, { method: 'GET', url: '/newsletter/templates?lit-search=kaputt' });
    expect(list.json().total).toBe(0);
  });

  it('requires the unsubscribe link in marketing templates only', async () => {
    const plain = mjml('        <mj-text>Ohne Abmeldelink</mj-text>');
    const refused = await create({ name: 'Ohne Link', type: 'marketing', subject: 'x', mjml: plain });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ field: 'mjml', key: 'error.unsubscribeMissing' }),
    ]);
    const transactional = await create({ name: 'Ohne Link', type: 'transactional', subject: 'x', mjml: plain });
    expect(transactional.statusCode).toBe(201);
    // Turning it into a marketing template is the same refusal.
    const toMarketing = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/newsletter/templates/${transactional.json().id}`,
      payload: { type: 'marketing' },
    });
    expect(toMarketing.json()).toMatchObject({ key: 'error.unsubscribeMissing' });
  });

  it('validates input with field keys', async () => {
    const response = await create({ name: 'X', type: 'newsletter', subject: '', mjml: '' });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['mjml', 'name', 'subject', 'type']);
    expect(
      (
        await create({ name: 'Marke fehlt', type: 'transactional', subject: 'x', mjml: MARKETING, id_brand: 99999 })
      ).json(),
    ).toMatchObject({
      errors: [{ field: 'id_brand', key: 'error.invalid' }],
    });
    expect((await call(t.app, as.office, { method: 'GET', url: '/newsletter/templates/abc' })).statusCode).toBe(400);
  });

  it('previews with the brand and a sample contact filled in, problems with their lines', async () => {
    const brand = (
      await t.ctx.db
        .insertInto('brand')
        .values({ host: 'vorschau.example', name: 'Sonnenschein Reisen', primary_color: '#aa3300' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const preview = await call(t.app, as.office, {
      method: 'POST',
      url: '/newsletter/templates/preview',
      payload: { mjml: MARKETING, id_brand: brand, type: 'marketing' },
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json<NewsletterPreview>();
    expect(body.problems).toEqual([]);
    expect(body.unsubscribeMissing).toBe(false);
    expect(body.html).toContain('Frau Beispiel, Neues von Sonnenschein Reisen');
    expect(body.html).toContain('#aa3300');
    expect(body.html).not.toContain('{{');

    const broken = await call(t.app, as.office, {
      method: 'POST',
      url: '/newsletter/templates/preview',
      payload: {
        mjml: mjml('        <mj-text>Hallo {{first_name}}</mj-text>\n        <mj-column>innen</mj-column>'),
        type: 'marketing',
      },
    });
    const problems = broken.json<NewsletterPreview>();
    expect(problems.html).toContain('Hallo Anna');
    expect(problems.problems).toEqual([expect.objectContaining({ line: 6 })]);
    expect(problems.unsubscribeMissing).toBe(true);
  });

  it('offers at least five German starter cards that compile cleanly and can be saved', async () => {
    const cards = (await call(t.app, as.office, { method: 'GET', url: '/newsletter/templates/cards' })).json<
      NewsletterTemplateCard[]
    >();
    expect(cards.length).toBeGreaterThanOrEqual(5);
    for (const card of cards) {
      const preview = (
        await call(t.app, as.office, {
          method: 'POST',
          url: '/newsletter/templates/preview',
          payload: { mjml: card.mjml, type: card.type },
        })
      ).json<NewsletterPreview>();
      expect(preview.problems, card.key).toEqual([]);
      expect(preview.unsubscribeMissing, card.key).toBe(false);
      expect(card.mjml, card.key).toContain('{{brand_name}}');
      const saved = await create({
        name: `Karte ${card.name}`,
        type: card.type,
        subject: card.subject,
        mjml: card.mjml,
      });
      expect(saved.statusCode, card.key).toBe(201);
    }
  });

  it('refuses to delete a template a campaign uses, naming the campaign', async () => {
    const template = (
      await create({ name: 'Benutzt', type: 'marketing', subject: 'x', mjml: MARKETING })
    ).json<NewsletterTemplate>();
    await t.ctx.db
      .insertInto('newsletter_campaign')
      .values({ title: 'Ostergrüße 2027', id_template: template.id })
      .execute();
    expect(
      (await call(t.app, as.office, { method: 'GET', url: `/newsletter/templates/${template.id}` })).json()
        .campaign_count,
    ).toBe(1);
    const refused = await call(t.app, as.admin, { method: 'DELETE', url: `/newsletter/templates/${template.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      key: 'error.templateInUse',
      usage: { campaigns: [{ title: 'Ostergrüße 2027' }] },
    });
    expect(refused.json().message).toContain('Ostergrüße 2027');
  });

  it('uploads images for templates resized for mail, lists them, serves them without login, deletes them', async () => {
    const webp = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2e86c1' } })
      .webp()
      .toBuffer();
    const upload = (bytes: Buffer, name: string, login: string | null = as.office) =>
      call(t.app, login, {
        method: 'POST',
        url: '/newsletter/templates/files',
        payload: uploadForm({ bytes, name, type: 'image/webp' }),
      });
    const response = await upload(webp, 'Gardasee.webp');
    expect(response.statusCode).toBe(201);
    const image = response.json<NewsletterTemplateFile>();
    expect(image).toMatchObject({ name: 'Gardasee.webp', mime_type: 'image/jpeg', width: 1200, height: 600 });

    // Mail programs fetch it without a login: public, in a format Outlook shows, 1200 px wide.
    const fetched = await call(t.app, null, { method: 'GET', url: image.url });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(fetched.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 600 });
    expect((await call(t.app, null, { method: 'GET', url: image.thumbUrl })).statusCode).toBe(200);

    const small = await upload(await plainPng(300, 200), 'Logo.png');
    expect(small.json()).toMatchObject({ mime_type: 'image/png', width: 300 });
    const duplicate = await upload(await plainPng(300, 200), 'logo.PNG');
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual([expect.objectContaining({ field: 'file', key: 'error.imageExists' })]);
    const notImage = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg');
    expect(notImage.json()).toMatchObject({ key: 'error.uploadType' });

    const listed = await call(t.app, as.office, { method: 'GET', url: '/newsletter/templates/files' });
    expect(listed.json().map((row: NewsletterTemplateFile) => row.name)).toEqual(['Logo.png', 'Gardasee.webp']);
    const searched = await call(t.app, as.office, {
      method: 'GET',
      url: '/newsletter/templates/files?lit-search=garda',
    });
    expect(searched.json().map((row: NewsletterTemplateFile) => row.id)).toEqual([image.id]);

    expect(
      (await call(t.app, as.office, { method: 'DELETE', url: `/newsletter/templates/files/${image.id}` })).statusCode,
    ).toBe(403);
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/newsletter/templates/files/${image.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, null, { method: 'GET', url: image.url })).statusCode).toBe(404);
    const stored = await t.ctx.db.selectFrom('stored_file').select('id').where('id', '=', image.id_file).execute();
    expect(stored).toEqual([]);
    expect(
      (await call(t.app, as.admin, { method: 'DELETE', url: `/newsletter/templates/files/${image.id}` })).statusCode,
    ).toBe(404);
  });

  it('seeds the three demo templates the campaigns look up by name', async () => {
    await seedDemoNewsletterTemplates(t.ctx);
    const all = (await call(t.app, as.office, { method: 'GET', url: '/newsletter/templates?pagination=false' })).json<
      NewsletterTemplate[]
    >();
    const byName = Object.fromEntries(all.map((row) => [row.name, row.type]));
    expect(byName).toMatchObject({
      'Reiseideen Frühling': 'marketing',
      Buchungsbestätigung: 'transactional',
      Geburtstagsgruß: 'automation',
    });
  });

  it('needs the newsletter rights: 401 without login, 403 for the agency, no delete for the office', async () => {
    const template = (
      await create({ name: 'Rechte', type: 'marketing', subject: 'x', mjml: MARKETING })
    ).json<NewsletterTemplate>();
    const calls = [
      { method: 'GET', url: '/newsletter/templates' },
      { method: 'GET', url: `/newsletter/templates/${template.id}` },
      { method: 'GET', url: '/newsletter/templates/cards' },
      { method: 'GET', url: '/newsletter/templates/files' },
      { method: 'POST', url: '/newsletter/templates/preview', payload: { mjml: MARKETING } },
      {
        method: 'POST',
        url: '/newsletter/templates',
        payload: { name: 'Neu', type: 'marketing', subject: 'x', mjml: MARKETING },
      },
      { method: 'PATCH', url: `/newsletter/templates/${template.id}`, payload: { subject: 'y' } },
      { method: 'DELETE', url: `/newsletter/templates/${template.id}` },
      {
        method: 'POST',
        url: '/newsletter/templates/files',
        payload: uploadForm({ bytes: await plainPng(10, 10), name: 'a.png' }),
      },
      { method: 'DELETE', url: '/newsletter/templates/files/1' },
    ] as const;
    for (const options of calls) {
      expect((await call(t.app, null, options)).statusCode, `${options.method} ${options.url}`).toBe(401);
      expect((await call(t.app, as.agency, options)).statusCode, `${options.method} ${options.url}`).toBe(403);
    }
    expect(
      (await call(t.app, as.office, { method: 'DELETE', url: `/newsletter/templates/${template.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, as.office, { method: 'GET', url: `/newsletter/templates/${template.id}` })).statusCode,
    ).toBe(200);
  });
});
