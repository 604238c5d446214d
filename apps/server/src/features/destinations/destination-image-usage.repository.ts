import type { ImageUsageFinder } from '../images/image-library.service.ts';

/** Where library images are destination pictures (the same stored file): for the image database's trash warnings. */
export const findDestinationImageUsages: ImageUsageFinder = async (ctx, items) => {
  const fileIds = [...new Set(items.map((item) => item.id_stored_file))];
  if (fileIds.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('jrn_destination')
    .select(['jrn_destination.id_picture', 'jrn_destination.id_jrn_destination', 'jrn_destination.name'])
    .where('jrn_destination.id_picture', 'in', fileIds)
    .orderBy('jrn_destination.id_jrn_destination')
    .execute();
  return items.flatMap((item) =>
    rows
      .filter((row) => row.id_picture === item.id_stored_file)
      .map((row) => ({
        id_img_library_item: item.id_img_library_item,
        usage: { kind: 'destination', id: row.id_jrn_destination, label: row.name },
      })),
  );
};
