import { z } from 'zod';
import { MAX_ID, optionalText, requiredText } from './fields.ts';

/** How deep a menu may nest: a main entry, its sub-items and their sub-items. */
export const MENU_MAX_DEPTH = 3;

/**
 * What a menu item links to. `none` is a heading without a link; `page` a path of the website (`/reisen`);
 * `external` an http(s) address; `email` and `phone` a mailto:/tel: link; `journey`, `category`, `blog` and
 * `content` the id of a trip, trip category, blog post or content page, which the website turns into its own link.
 */
export const MENU_LINK_TYPES = [
  'none',
  'page',
  'external',
  'email',
  'phone',
  'journey',
  'category',
  'blog',
  'content',
] as const;
export type MenuLinkType = (typeof MENU_LINK_TYPES)[number];

/** The icon sets the website can draw (spec §3 "icon set"). */
export const MENU_ICON_SETS = ['material', 'fontawesome'] as const;

const EXTERNAL_URL = z.url({ protocol: /^https?$/ });

const LINK_PATTERNS: Record<Exclude<MenuLinkType, 'none'>, RegExp> = {
  // A path of the site: starts with one slash (not `//host`), no spaces, backslashes or control characters.
  page: /^\/(?![/\\])[^\s\\]*$/,
  external: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
  email: /^mailto:[^\s@]+@[^\s@]+\.[^\s@]+(\?[^\s]*)?$/i,
  phone: /^tel:\+?[0-9][0-9 ()/-]{2,30}$/i,
  journey: /^\d{1,10}$/,
  category: /^\d{1,10}$/,
  blog: /^\d{1,10}$/,
  content: /^\d{1,10}$/,
};

/**
 * Whether `link` fits its link type: only the schemes above (no `javascript:`, `data:` or `vbscript:`), and
 * `none` has no link at all.
 */
export function isValidMenuLink(linkType: MenuLinkType, link: string | null | undefined): boolean {
  if (linkType === 'none') return link === null || link === undefined || link === '';
  if (!link) return false;
  if (!LINK_PATTERNS[linkType].test(link)) return false;
  // An external link must also parse as an http(s) address (zod's URL check, as the browser will read it).
  if (linkType === 'external') return EXTERNAL_URL.safeParse(link).success;
  return true;
}

const idField = () =>
  z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').max(MAX_ID, 'error.invalid');

/** A website menu (spec §3: id_web_menu, name, status). */
export const ZWebMenu = z.object({
  id: z.number().int(),
  id_web_menu: z.number().int(),
  name: z.string(),
  /** the spec's status: only active menus reach the website */
  active: z.boolean(),
  item_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebMenu = z.infer<typeof ZWebMenu>;

/** POST /web/menu; `copyFrom` copies the items tree of that menu into the new one. */
export const ZCreateWebMenuBody = z.object({
  name: requiredText({ min: 2, max: 120 }),
  active: z.boolean({ error: 'error.invalid' }).optional(),
  copyFrom: idField().optional(),
});
export type CreateWebMenuBody = z.infer<typeof ZCreateWebMenuBody>;

/** PATCH /web/menu/{id} */
export const ZUpdateWebMenuBody = ZCreateWebMenuBody.omit({ copyFrom: true }).partial();
export type UpdateWebMenuBody = z.infer<typeof ZUpdateWebMenuBody>;

/** A menu item (spec §3: id_web_menu_item, name, subtitle, status, order, link, link type, icon, icon set, sub-item). */
export const ZWebMenuItem = z.object({
  id: z.number().int(),
  id_web_menu_item: z.number().int(),
  id_web_menu: z.number().int(),
  /** the item this one is a sub-item of; null on the top level */
  id_parent: z.number().int().nullable(),
  name: z.string(),
  subtitle: z.string().nullable(),
  active: z.boolean(),
  /** the spec's order, among its siblings (0, 1, 2 …) */
  position: z.number().int(),
  link_type: z.enum(MENU_LINK_TYPES),
  link: z.string().nullable(),
  icon: z.string().nullable(),
  icon_set: z.string().nullable(),
  menu_name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebMenuItem = z.infer<typeof ZWebMenuItem>;

const itemFields = {
  name: requiredText({ max: 120 }),
  subtitle: optionalText({ max: 255 }),
  active: z.boolean({ error: 'error.invalid' }).optional(),
  id_parent: idField().nullable().optional(),
  link_type: z.enum(MENU_LINK_TYPES, { error: 'error.invalid' }).optional(),
  link: optionalText({ max: 500 }),
  icon: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z
        .string({ error: 'error.invalid' })
        .trim()
        .regex(/^[a-z0-9][a-z0-9_-]{0,59}$/i, 'error.invalid')
        .nullable()
        .optional(),
    )
    .optional(),
  icon_set: z.preprocess(
    (value) => (value === '' ? null : value),
    z.enum(MENU_ICON_SETS, { error: 'error.invalid' }).nullable().optional(),
  ),
};

/** POST /web/menu-item: new items go last among their siblings. */
export const ZCreateWebMenuItemBody = z.object({ id_web_menu: idField(), ...itemFields }).superRefine((body, ctx) => {
  if (!isValidMenuLink(body.link_type ?? 'none', body.link))
    ctx.addIssue({ code: 'custom', path: ['link'], message: 'error.link' });
});
export type CreateWebMenuItemBody = z.infer<typeof ZCreateWebMenuItemBody>;

/** PATCH /web/menu-item/{id}: an item stays in its menu; the link is checked against the resulting link type. */
export const ZUpdateWebMenuItemBody = z.object(itemFields).partial();
export type UpdateWebMenuItemBody = z.infer<typeof ZUpdateWebMenuItemBody>;

/** GET /web/menu-item: the items of one menu or of all. */
export const ZWebMenuItemQuery = z.object({ id_web_menu: z.coerce.number().int().positive().optional() });

/**
 * PUT /web/menu/{id}/items/order: every item of the menu once, with its parent and its place among its siblings.
 * Saved all at once: an item of another menu, a cycle or a tree deeper than MENU_MAX_DEPTH changes nothing.
 */
export const ZWebMenuOrderBody = z.object({
  items: z
    .array(
      z.object({
        id: idField(),
        id_parent: idField().nullable(),
        position: z.number({ error: 'error.invalid' }).int('error.invalid').min(0, 'error.invalid').max(10_000),
      }),
      { error: 'error.invalid' },
    )
    .max(1000, 'error.tooLong'),
});
export type WebMenuOrderBody = z.infer<typeof ZWebMenuOrderBody>;

/** An item as the website gets it: active sub-items nested under `children`, in order. */
export type PublicMenuItem = {
  id: number;
  name: string;
  subtitle: string | null;
  link_type: MenuLinkType;
  link: string | null;
  icon: string | null;
  icon_set: string | null;
  children: PublicMenuItem[];
};
export const ZPublicMenuItem: z.ZodType<PublicMenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    subtitle: z.string().nullable(),
    link_type: z.enum(MENU_LINK_TYPES),
    link: z.string().nullable(),
    icon: z.string().nullable(),
    icon_set: z.string().nullable(),
    children: z.array(ZPublicMenuItem),
  }),
);

/** GET /website/menus/{id}: an active menu with its active items as a tree. */
export const ZPublicMenu = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(ZPublicMenuItem),
});
export type PublicMenu = z.infer<typeof ZPublicMenu>;
