import type { Generated } from 'kysely';

/** A menu of the operator's website (spec §3 "Menu": id_web_menu, name, status). */
export type WebMenuTable = {
  id_web_menu: Generated<number>;
  name: string;
  /** DIN 5007 key of `name` */
  sort_name: Generated<string>;
  /** the spec's status: only an active menu is served to the website */
  active: Generated<number | boolean>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** An entry of a website menu (spec §3 "Item"); `id_parent` makes it a sub-item. */
export type WebMenuItemTable = {
  id_web_menu_item: Generated<number>;
  id_web_menu: number;
  id_parent: number | null;
  name: string;
  subtitle: string | null;
  active: Generated<number | boolean>;
  /** the spec's order, among the siblings */
  position: Generated<number>;
  link_type: Generated<string>;
  link: string | null;
  icon: string | null;
  icon_set: string | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
