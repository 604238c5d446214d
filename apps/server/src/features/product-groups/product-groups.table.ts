import type { Generated } from 'kysely';

/** A group of extras sold with trips (excursions, insurances, meals): VAT rate and account for the books. */
export type ShopProductGroupTable = {
  id_shop_product_group: Generated<number>;
  name: string;
  /** DIN 5007 key of `name` */
  sort_name: Generated<string>;
  description: string | null;
  vat_rate: Generated<number>;
  account_code: string | null;
  position: Generated<number>;
  active: Generated<number | boolean>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A group of on-board articles (drinks, snacks, souvenirs). */
export type ShopArticleGroupTable = {
  id_shop_article_group: Generated<number>;
  name: string;
  sort_name: Generated<string>;
  description: string | null;
  position: Generated<number>;
  active: Generated<number | boolean>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
