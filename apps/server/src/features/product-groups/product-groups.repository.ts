import type { Insertable, Updateable } from 'kysely';
import { ZArticleGroup, ZProductGroup, type ArticleGroup, type ProductGroup } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { ShopArticleGroupTable, ShopProductGroupTable } from './product-groups.table.ts';

const productGroupQuery = builtOnce((db: Database) =>
  db
    .selectFrom('shop_product_group')
    .select([
      'id_shop_product_group',
      'name',
      'description',
      'vat_rate',
      'account_code',
      'position',
      'active',
      'created_at',
      'updated_at',
    ]),
);
export type ProductGroupRow = Awaited<ReturnType<ReturnType<typeof productGroupQuery>['executeTakeFirstOrThrow']>>;

/** GET /shop/product-group */
export const PRODUCT_GROUP_LIST_SPEC: ListSpec<ProductGroup> = {
  table: 'shop_product_group',
  idColumn: 'id_shop_product_group',
  idField: 'id',
  searchable: false,
  defaultSort: [
    ['position', 1],
    ['name', 1],
  ],
  fields: {
    id: { column: 'shop_product_group.id_shop_product_group', type: 'number' },
    id_shop_product_group: { column: 'shop_product_group.id_shop_product_group', type: 'number' },
    name: { column: 'shop_product_group.name', sortColumn: 'shop_product_group.sort_name', type: 'string' },
    vat_rate: { column: 'shop_product_group.vat_rate', type: 'number' },
    account_code: { column: 'shop_product_group.account_code', type: 'string', nullable: true },
    position: { column: 'shop_product_group.position', type: 'number' },
    active: { column: 'shop_product_group.active', type: 'boolean' },
    createdAt: { column: 'shop_product_group.created_at', type: 'date' },
    updatedAt: { column: 'shop_product_group.updated_at', type: 'date' },
  },
  selectable: contractFields(ZProductGroup),
};

export function productGroupListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = productGroupQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'shop_product_group.sort_name', words));
}

export const findProductGroup = (db: Database, id: number) =>
  productGroupQuery(db).where('id_shop_product_group', '=', id).executeTakeFirst();

export const findAllProductGroups = (db: Database) =>
  productGroupQuery(db).orderBy('position').orderBy('sort_name').execute();

export async function insertProductGroup(db: Database, values: Insertable<ShopProductGroupTable>): Promise<number> {
  const row = await db
    .insertInto('shop_product_group')
    .values(values)
    .returning('id_shop_product_group')
    .executeTakeFirstOrThrow();
  return row.id_shop_product_group;
}

export async function updateProductGroupRow(db: Database, id: number, values: Updateable<ShopProductGroupTable>) {
  await db.updateTable('shop_product_group').set(values).where('id_shop_product_group', '=', id).execute();
}

export async function deleteProductGroupRow(db: Database, id: number) {
  await db.deleteFrom('shop_product_group').where('id_shop_product_group', '=', id).execute();
}

const articleGroupQuery = builtOnce((db: Database) =>
  db
    .selectFrom('shop_article_group')
    .select(['id_shop_article_group', 'name', 'description', 'position', 'active', 'created_at', 'updated_at']),
);
export type ArticleGroupRow = Awaited<ReturnType<ReturnType<typeof articleGroupQuery>['executeTakeFirstOrThrow']>>;

/** GET /shop/article-group */
export const ARTICLE_GROUP_LIST_SPEC: ListSpec<ArticleGroup> = {
  table: 'shop_article_group',
  idColumn: 'id_shop_article_group',
  idField: 'id',
  searchable: false,
  defaultSort: [
    ['position', 1],
    ['name', 1],
  ],
  fields: {
    id: { column: 'shop_article_group.id_shop_article_group', type: 'number' },
    id_shop_article_group: { column: 'shop_article_group.id_shop_article_group', type: 'number' },
    name: { column: 'shop_article_group.name', sortColumn: 'shop_article_group.sort_name', type: 'string' },
    position: { column: 'shop_article_group.position', type: 'number' },
    active: { column: 'shop_article_group.active', type: 'boolean' },
    createdAt: { column: 'shop_article_group.created_at', type: 'date' },
    updatedAt: { column: 'shop_article_group.updated_at', type: 'date' },
  },
  selectable: contractFields(ZArticleGroup),
};

export function articleGroupListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = articleGroupQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'shop_article_group.sort_name', words));
}

export const findArticleGroup = (db: Database, id: number) =>
  articleGroupQuery(db).where('id_shop_article_group', '=', id).executeTakeFirst();

export const findAllArticleGroups = (db: Database) =>
  articleGroupQuery(db).orderBy('position').orderBy('sort_name').execute();

export async function insertArticleGroup(db: Database, values: Insertable<ShopArticleGroupTable>): Promise<number> {
  const row = await db
    .insertInto('shop_article_group')
    .values(values)
    .returning('id_shop_article_group')
    .executeTakeFirstOrThrow();
  return row.id_shop_article_group;
}

export async function updateArticleGroupRow(db: Database, id: number, values: Updateable<ShopArticleGroupTable>) {
  await db.updateTable('shop_article_group').set(values).where('id_shop_article_group', '=', id).execute();
}

export async function deleteArticleGroupRow(db: Database, id: number) {
  await db.deleteFrom('shop_article_group').where('id_shop_article_group', '=', id).execute();
}
