import type { WebsiteDestination } from '@tourdesk/contracts';
import { parseJson } from '../../db/dialect.ts';
import type { DbContext } from '../../types.ts';
import { fileUrls } from '../files/files.service.ts';
import { findActiveDestinations } from './website.repository.ts';

export { publishedPost, publishedPosts } from '../blog/blog.service.ts';
export { publishedPage, publishedPages } from '../content-pages/content-pages.service.ts';

/** Active destinations with their picture's URLs (GET /website/destinations). */
export async function activeDestinations(ctx: DbContext): Promise<WebsiteDestination[]> {
  return (await findActiveDestinations(ctx.db)).map((row) => ({
    id_jrn_destination: row.id_jrn_destination,
    name: row.name,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    seo_text: row.seo_text,
    pictureUrl: row.id_picture === null ? null : fileUrls(row.id_picture).url,
    pictureThumbUrl: row.id_picture === null ? null : fileUrls(row.id_picture).thumbUrl,
    countries: parseJson<unknown[]>(row.countries, []).filter((id): id is number => Number.isInteger(id)),
  }));
}
