import type { ImageUsageFinder } from '../images/image-library.service.ts';

/** Where library images are journey images (the same stored file): for the image database's trash warnings. */
export const findJourneyImageUsages: ImageUsageFinder = async (ctx, items) => {
  const fileIds = [...new Set(items.map((item) => item.id_stored_file))];
  if (fileIds.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('jrn_journey_image')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_journey_image.id_jrn_journey')
    .select(['jrn_journey_image.id_stored_file', 'jrn_journey.id_jrn_journey', 'jrn_journey.title'])
    .where('jrn_journey_image.id_stored_file', 'in', fileIds)
    .orderBy('jrn_journey.id_jrn_journey')
    .execute();
  return items.flatMap((item) =>
    rows
      .filter((row) => row.id_stored_file === item.id_stored_file)
      .map((row) => ({
        id_img_library_item: item.id_img_library_item,
        usage: { kind: 'journey', id: row.id_jrn_journey, label: row.title },
      })),
  );
};
