import type { DbContext } from '../types.ts';
import { createItem, createMenu } from '../features/web-menus/web-menus.service.ts';
import { createArticleGroup, createProductGroup } from '../features/product-groups/product-groups.service.ts';
import type { CreateWebMenuItemBody } from '@tourdesk/contracts';

type DemoItem = Omit<CreateWebMenuItemBody, 'id_web_menu' | 'id_parent'> & { children?: DemoItem[] };

/** The website's main menu: six entries, two of them with sub-items. */
const MAIN_MENU: DemoItem[] = [
  { name: 'Startseite', link_type: 'page', link: '/', icon: 'home', icon_set: 'material' },
  {
    name: 'Reisen',
    subtitle: 'Unser Reiseprogramm',
    link_type: 'page',
    link: '/reisen',
    icon: 'directions_bus',
    icon_set: 'material',
    children: [
      { name: 'Städtereisen', link_type: 'category', link: '25' },
      { name: 'Rundreisen', link_type: 'category', link: '22' },
      { name: 'Tagesfahrten', link_type: 'page', link: '/reisen/tagesfahrten' },
    ],
  },
  { name: 'Reiseziele', link_type: 'page', link: '/reiseziele', icon: 'place', icon_set: 'material' },
  { name: 'Blog', link_type: 'page', link: '/blog', icon: 'article', icon_set: 'material' },
  {
    name: 'Über uns',
    link_type: 'page',
    link: '/ueber-uns',
    children: [
      { name: 'Team', link_type: 'page', link: '/ueber-uns/team' },
      { name: 'Busflotte', link_type: 'page', link: '/ueber-uns/busse', active: false },
    ],
  },
  { name: 'Kontakt', link_type: 'email', link: 'mailto:info@alpenblick-reisen.example', icon: 'mail' },
];

async function addItems(ctx: DbContext, menuId: number, parent: number | null, items: DemoItem[]) {
  for (const { children, ...item } of items) {
    const created = await createItem(ctx, { ...item, id_web_menu: menuId, id_parent: parent });
    if (children) await addItems(ctx, menuId, created.id, children);
  }
}

/** Issue #15 points 3 and 4: the main menu "Hauptmenü", a footer menu, product and article groups. */
export async function seedDemoWebMenus(ctx: DbContext): Promise<void> {
  const main = await createMenu(ctx, { name: 'Hauptmenü' });
  await addItems(ctx, main.id, null, MAIN_MENU);
  const footer = await createMenu(ctx, { name: 'Fußzeile' });
  await addItems(ctx, footer.id, null, [
    { name: 'Impressum', link_type: 'page', link: '/impressum' },
    { name: 'Datenschutz', link_type: 'page', link: '/datenschutz' },
    { name: 'AGB', link_type: 'page', link: '/agb' },
  ]);

  const productGroups = [
    { name: 'Ausflüge', description: 'Zubuchbare Ausflüge und Eintritte vor Ort', vat_rate: 19, account_code: '8400' },
    {
      name: 'Versicherungen',
      description: 'Reiserücktritts- und Reiseschutzversicherungen',
      vat_rate: 0,
      account_code: '8200',
    },
    { name: 'Verpflegung', description: 'Halbpension, Lunchpakete und Menüs', vat_rate: 7, account_code: '8300' },
    {
      name: 'Zimmerzuschläge',
      description: 'Einzelzimmer, Meerblick, Komfortzimmer',
      vat_rate: 19,
      account_code: '8400',
    },
  ];
  for (const [position, group] of productGroups.entries()) await createProductGroup(ctx, { ...group, position });

  const articleGroups = [
    { name: 'Getränke', description: 'Heiß- und Kaltgetränke an Bord' },
    { name: 'Snacks', description: 'Brezeln, Süßes, kleine Speisen' },
    { name: 'Souvenirs', description: 'Andenken und Reiseartikel' },
  ];
  for (const [position, group] of articleGroups.entries()) await createArticleGroup(ctx, { ...group, position });
}
