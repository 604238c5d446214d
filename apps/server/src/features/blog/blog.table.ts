import type { Generated } from 'kysely';

/** A blog type (spec §3: id_web_blog_type, title); `system` names the subtype of the seeded system types. */
export type WebBlogTypeTable = {
  id_web_blog_type: Generated<number>;
  title: string;
  system: string | null;
  /** DIN 5007 key of `title` */
  sort_title: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A blog post (spec §3); `status` true = active, published on the website. */
export type WebBlogTable = {
  id_web_blog: Generated<number>;
  title: string;
  /** DIN 5007 key of `title` */
  sort_title: Generated<string>;
  subtitle: string | null;
  status: Generated<number | boolean>;
  id_web_blog_type: number;
  display_date: string | null;
  /** sanitised rich text */
  body: string | null;
  created_by: number | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** An image of a post: a library item of the image database, in order. */
export type WebBlogImageTable = {
  id_web_blog: number;
  id_img_library_item: number;
  position: number;
};
