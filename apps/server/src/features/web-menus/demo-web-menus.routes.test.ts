import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tokenFor, DEMO_ACCOUNTS, type TestApp } from '../../../test/helpers.ts';

type PublicItem = { name: string; children: PublicItem[] };

describe('demo website menus and shop groups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has the main menu with sub-items, product groups and article groups', async () => {
    const menus = (await t.app.inject({ method: 'GET', url: '/api/v1/website/menus' })).json() as Array<{
      name: string;
      items: PublicItem[];
    }>;
    const main = menus.find((menu) => menu.name === 'Hauptmenü');
    expect(main?.items.map((item) => item.name)).toEqual([
      'Startseite',
      'Reisen',
      'Reiseziele',
      'Blog',
      'Über uns',
      'Kontakt',
    ]);
    expect(main?.items[1]?.children.map((item) => item.name)).toEqual(['Städtereisen', 'Rundreisen', 'Tagesfahrten']);
    // "Busflotte" is inactive, so the website does not see it.
    expect(main?.items[4]?.children.map((item) => item.name)).toEqual(['Team']);
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.admin);
    const headers = { authorization: `Bearer ${token}` };
    const products = await t.app.inject({ method: 'GET', url: '/api/v1/shop/product-group/all', headers });
    expect(products.json().map((group: { name: string }) => group.name)).toEqual([
      'Ausflüge',
      'Versicherungen',
      'Verpflegung',
      'Zimmerzuschläge',
    ]);
    const articles = await t.app.inject({ method: 'GET', url: '/api/v1/shop/article-group/all', headers });
    expect(articles.json().map((group: { name: string }) => group.name)).toEqual(['Getränke', 'Snacks', 'Souvenirs']);
  });
});
