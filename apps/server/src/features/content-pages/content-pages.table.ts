import type { Generated } from 'kysely';

/** A content category (spec §3: id_web_content_category, name). */
export type WebContentCategoryTable = {
  id_web_content_category: Generated<number>;
  name: string;
  /** DIN 5007 key of `name` */
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A content page (spec §3: id_web_content, title); `status` true = published on the website. */
export type WebContentTable = {
  id_web_content: Generated<number>;
  id_web_content_category: number;
  title: string;
  /** DIN 5007 key of `title` */
  sort_title: Generated<string>;
  /** sanitised rich text */
  body: string | null;
  status: Generated<number | boolean>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
