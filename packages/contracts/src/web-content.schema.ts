import { z } from 'zod';
import { MAX_ID, optionalDate, optionalText, requiredText } from './fields.ts';

/**
 * Website content (issue #15, spec §3 "Blog and content"): blog types and posts, content categories and pages,
 * and the public read API the operator's website uses. Every rich text is sanitised on the server when stored.
 */

/** The system blog types (spec §3 subtypes); id 5 is the employee list (spec §9). */
export const SYSTEM_BLOG_TYPES = ['news', 'timeline', 'help', 'gallery', 'staff', 'faq'] as const;
export type SystemBlogType = (typeof SYSTEM_BLOG_TYPES)[number];
/** Blog type of the employee list (spec §9 "Blog type id 5 is used for the employee list"). */
export const STAFF_BLOG_TYPE_ID = 5;

const refId = () =>
  z.number({ error: 'error.empty' }).int('error.invalid').positive('error.invalid').max(MAX_ID, 'error.invalid');

/** A blog type (spec §3: id_web_blog_type, title); system types carry their subtype and cannot be deleted. */
export const ZBlogType = z.object({
  id: z.number().int(),
  id_web_blog_type: z.number().int(),
  title: z.string(),
  /** staff, timeline, help, gallery, faq, news for the system types; null for the operator's own */
  system: z.enum(SYSTEM_BLOG_TYPES).nullable(),
  post_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogType = z.infer<typeof ZBlogType>;

/** POST /web/blog-type */
export const ZCreateBlogTypeBody = z.object({ title: requiredText({ min: 2, max: 120 }) });
export type CreateBlogTypeBody = z.infer<typeof ZCreateBlogTypeBody>;
/** PATCH /web/blog-type/{id} */
export const ZUpdateBlogTypeBody = ZCreateBlogTypeBody.partial();
export type UpdateBlogTypeBody = z.infer<typeof ZUpdateBlogTypeBody>;

/** An image of a post: a library item of the image database, with the URLs of its stored file. */
export const ZBlogImage = z.object({
  id_img_library_item: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  copyright: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** public addresses: delivered without login while the post is active */
  url: z.string(),
  thumbUrl: z.string(),
  /** the image database's address of the thumbnail (with a login), for the editor of an inactive post */
  libraryThumbUrl: z.string(),
});
export type BlogImage = z.infer<typeof ZBlogImage>;

/** An image of a published post as the website reads it (public addresses only). */
export const ZWebsiteImage = ZBlogImage.omit({ libraryThumbUrl: true });
export type WebsiteImage = z.infer<typeof ZWebsiteImage>;

/** A blog post (spec §3: id_web_blog, title, status, id_web_blog_type, subtitle, display date). */
export const ZBlogPost = z.object({
  id: z.number().int(),
  id_web_blog: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** the spec's status: true = active (published on the website), false = inactive (column `status`) */
  active: z.boolean(),
  id_web_blog_type: z.number().int(),
  type_title: z.string(),
  /** YYYY-MM-DD, the date the website shows */
  display_date: z.string().nullable(),
  /** sanitised rich text */
  body: z.string().nullable(),
  /** library item ids, in order (what the form edits) */
  images: z.array(z.number().int()),
  /** the same images with their URLs */
  imageFiles: z.array(ZBlogImage),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof ZBlogPost>;

/** A row of GET /web/blog (no body, no images; `image_count` instead). */
export const ZBlogPostRow = ZBlogPost.omit({ body: true, images: true, imageFiles: true }).extend({
  image_count: z.number().int(),
});
export type BlogPostRow = z.infer<typeof ZBlogPostRow>;

const blogImages = () =>
  z
    .array(refId(), { error: 'error.invalid' })
    .max(20, 'error.tooLong')
    .refine((ids) => new Set(ids).size === ids.length, 'error.invalid');

const blogFields = {
  title: requiredText({ min: 2, max: 200 }),
  subtitle: optionalText({ max: 255 }),
  active: z.boolean({ error: 'error.invalid' }).optional(),
  id_web_blog_type: refId(),
  display_date: optionalDate(),
  body: optionalText({ max: 200_000 }),
  images: blogImages().optional(),
};

/** POST /web/blog */
export const ZCreateBlogPostBody = z.object(blogFields);
export type CreateBlogPostBody = z.infer<typeof ZCreateBlogPostBody>;
/** PATCH /web/blog/{id} */
export const ZUpdateBlogPostBody = z.object({
  ...blogFields,
  title: blogFields.title.optional(),
  id_web_blog_type: blogFields.id_web_blog_type.optional(),
});
export type UpdateBlogPostBody = z.infer<typeof ZUpdateBlogPostBody>;

/** Fields GET /web/blog-web may `select`. */
export const BLOG_WEB_FIELDS = [
  'id_web_blog',
  'title',
  'subtitle',
  'id_web_blog_type',
  'display_date',
  'body',
  'images',
] as const;

/** GET /web/blog-web?id_web_blog_type=5&select=title,subtitle (spec §7; type 5 is the employee list). */
export const ZBlogWebQuery = z.object({
  id_web_blog_type: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid')
    .optional(),
  select: z
    .string({ error: 'error.invalidSelect' })
    .max(200, 'error.tooLong')
    .refine(
      (value) =>
        value
          .split(',')
          .map((field) => field.trim())
          .filter(Boolean)
          .every((field) => (BLOG_WEB_FIELDS as readonly string[]).includes(field)),
      'error.invalidSelect',
    )
    .optional(),
});
export type BlogWebQuery = z.infer<typeof ZBlogWebQuery>;

/** A published post as the website reads it. */
export const ZWebsitePost = z.object({
  id_web_blog: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  id_web_blog_type: z.number().int(),
  type_title: z.string(),
  display_date: z.string().nullable(),
  body: z.string().nullable(),
  images: z.array(ZWebsiteImage),
  updatedAt: z.string(),
});
export type WebsitePost = z.infer<typeof ZWebsitePost>;

/** A content category (spec §3: id_web_content_category, name). */
export const ZContentCategory = z.object({
  id: z.number().int(),
  id_web_content_category: z.number().int(),
  name: z.string(),
  page_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentCategory = z.infer<typeof ZContentCategory>;

/** POST /web/content-category */
export const ZCreateContentCategoryBody = z.object({ name: requiredText({ min: 2, max: 120 }) });
export type CreateContentCategoryBody = z.infer<typeof ZCreateContentCategoryBody>;
/** PATCH /web/content-category/{id} */
export const ZUpdateContentCategoryBody = ZCreateContentCategoryBody.partial();
export type UpdateContentCategoryBody = z.infer<typeof ZUpdateContentCategoryBody>;

/** A content page (spec §3: id_web_content, title) with its category, body and status. */
export const ZContentPage = z.object({
  id: z.number().int(),
  id_web_content: z.number().int(),
  id_web_content_category: z.number().int(),
  category_name: z.string(),
  title: z.string(),
  /** sanitised rich text */
  body: z.string().nullable(),
  /** the page's status: true = published on the website (column `status`) */
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof ZContentPage>;

const contentFields = {
  id_web_content_category: refId(),
  title: requiredText({ min: 2, max: 200 }),
  body: optionalText({ max: 200_000 }),
  active: z.boolean({ error: 'error.invalid' }).optional(),
};

/** POST /web/content */
export const ZCreateContentPageBody = z.object(contentFields);
export type CreateContentPageBody = z.infer<typeof ZCreateContentPageBody>;
/** PATCH /web/content/{id} */
export const ZUpdateContentPageBody = z.object({
  ...contentFields,
  id_web_content_category: contentFields.id_web_content_category.optional(),
  title: contentFields.title.optional(),
});
export type UpdateContentPageBody = z.infer<typeof ZUpdateContentPageBody>;

/** A published page as the website reads it. */
export const ZWebsitePage = z.object({
  id_web_content: z.number().int(),
  id_web_content_category: z.number().int(),
  category_name: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  updatedAt: z.string(),
});
export type WebsitePage = z.infer<typeof ZWebsitePage>;

/** An active destination as the website reads it. */
export const ZWebsiteDestination = z.object({
  id_jrn_destination: z.number().int(),
  name: z.string(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  seo_text: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  pictureThumbUrl: z.string().nullable(),
  countries: z.array(z.number().int()),
});
export type WebsiteDestination = z.infer<typeof ZWebsiteDestination>;

const pageNumber = (max: number, key = 'error.invalidQuery') =>
  z.coerce.number({ error: key }).int(key).min(1, key).max(max, key);

/** GET /website/posts?type=&page=&limit= */
export const ZWebsitePostsQuery = z.object({
  type: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid')
    .optional(),
  page: pageNumber(100_000).optional(),
  limit: pageNumber(100).optional(),
});
export type WebsitePostsQuery = z.infer<typeof ZWebsitePostsQuery>;

/** GET /website/pages?category= */
export const ZWebsitePagesQuery = z.object({
  category: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid')
    .optional(),
});
export type WebsitePagesQuery = z.infer<typeof ZWebsitePagesQuery>;

export const ZWebsitePostPage = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  data: z.array(ZWebsitePost),
});
export type WebsitePostPage = z.infer<typeof ZWebsitePostPage>;
