import type { FastifyBaseLogger } from 'fastify';
import type { DbContext } from '../types.ts';
import type { FileStore } from '../features/files/files.service.ts';
import { addLibraryImage } from '../features/images/image-library.service.ts';
import { findLibraryIdByName, findStaffIdByEmail, insertLibrary } from '../features/images/images.repository.ts';

export const DEMO_IMAGE_LIBRARY = 'Reisebilder';

/** Six landscapes of different sizes and ratios, drawn as SVG (sky gradient, sun, hills) and turned into JPEGs. */
const DEMO_IMAGES = [
  {
    name: 'Alpenpanorama',
    width: 1800,
    height: 1200,
    sky: ['#4a90d9', '#d7ecff'],
    hills: '#3d6b3a',
    sun: '#fff6c2',
    description: 'Schneebedeckte Gipfel über grünen Almwiesen',
  },
  {
    name: 'Ostseestrand',
    width: 1920,
    height: 1080,
    sky: ['#1d6fa5', '#f3e5ab'],
    hills: '#e2c98f',
    sun: '#ffffff',
    description: 'Weißer Sandstrand an der Ostsee im Sommer',
  },
  {
    name: 'Altstadt Dresden',
    width: 1200,
    height: 1200,
    sky: ['#6a4c93', '#f7b267'],
    hills: '#5b4636',
    sun: '#ffd166',
    description: 'Die Dresdner Altstadt im Abendlicht',
  },
  {
    name: 'Gardasee',
    width: 1000,
    height: 1500,
    sky: ['#0b7a75', '#b8f2e6'],
    hills: '#2f5233',
    sun: '#fefae0',
    description: 'Blick über den Gardasee auf die Berge',
  },
  {
    name: 'Weinberge an der Mosel',
    width: 2400,
    height: 1000,
    sky: ['#8ecae6', '#ffffff'],
    hills: '#6a994e',
    sun: '#ffb703',
    description: 'Steile Weinberge entlang der Mosel',
  },
  {
    name: 'Sonnenuntergang am Meer',
    width: 800,
    height: 600,
    sky: ['#c1121f', '#fdf0d5'],
    hills: '#003049',
    sun: '#ffd60a',
    description: 'Die Sonne versinkt im Meer',
  },
] as const;

const svgOf = (image: (typeof DEMO_IMAGES)[number]) => {
  const { width: w, height: h } = image;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${image.sky[0]}"/><stop offset="1" stop-color="${image.sky[1]}"/>
  </linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.75}" cy="${h * 0.3}" r="${Math.min(w, h) * 0.12}" fill="${image.sun}" opacity="0.9"/>
  <path d="M0 ${h * 0.7} Q ${w * 0.25} ${h * 0.45} ${w * 0.5} ${h * 0.65} T ${w} ${h * 0.6} V ${h} H 0 Z" fill="${image.hills}"/>
  <path d="M0 ${h * 0.85} Q ${w * 0.3} ${h * 0.7} ${w * 0.6} ${h * 0.82} T ${w} ${h * 0.8} V ${h} H 0 Z" fill="${image.hills}" opacity="0.7"/>
</svg>`);
};

/**
 * The demo's image database (issue #15): the library "Reisebilder" with six generated landscapes, uploaded by the
 * demo admin through `addLibraryImage` (so they have their sizes and history). Needs the file store, so main.ts
 * runs it after the demo data; a second start leaves an existing library alone.
 */
export async function seedDemoImages(ctx: DbContext, store: FileStore, log?: FastifyBaseLogger): Promise<boolean> {
  if ((await findLibraryIdByName(ctx.db, DEMO_IMAGE_LIBRARY, 'library')) !== undefined) return false;
  const { default: sharp } = await import('sharp');
  const admin = (await findStaffIdByEmail(ctx.db, 'admin@example.com')) ?? null;
  const libraryId = await insertLibrary(ctx.db, { name: DEMO_IMAGE_LIBRARY, type: 'library', user_id: admin });
  for (const image of DEMO_IMAGES) {
    const bytes = await sharp(svgOf(image)).jpeg({ quality: 82 }).toBuffer();
    await addLibraryImage(ctx, store, {
      libraryId,
      file: { buffer: bytes, filename: `${image.name}.jpg`, mimetype: 'image/jpeg' },
      createdBy: admin,
      description: image.description,
      copyright: 'Tourdesk Demo',
    });
  }
  log?.info('demo image library seeded');
  return true;
}
