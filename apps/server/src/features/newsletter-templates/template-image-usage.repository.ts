import type { ImageUsageFinder } from '../images/image-library.service.ts';

/** Where library images are newsletter template images (the same stored file), for the image database's trash. */
export const findTemplateImageUsages: ImageUsageFinder = async (ctx, items) => {
  const fileIds = [...new Set(items.map((item) => item.id_stored_file))];
  if (fileIds.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('newsletter_template_image')
    .select([
      'newsletter_template_image.id_stored_file',
      'newsletter_template_image.id',
      'newsletter_template_image.name',
    ])
    .where('newsletter_template_image.id_stored_file', 'in', fileIds)
    .orderBy('newsletter_template_image.id')
    .execute();
  return items.flatMap((item) =>
    rows
      .filter((row) => row.id_stored_file === item.id_stored_file)
      .map((row) => ({
        id_img_library_item: item.id_img_library_item,
        usage: { kind: 'template', id: row.id, label: row.name },
      })),
  );
};
