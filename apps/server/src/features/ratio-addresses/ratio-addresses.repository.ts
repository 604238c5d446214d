import type { Database } from '../../db/database.ts';

/** A positive whole number as a card id, or undefined (a kennziffer like "00012" or "A7" is no card id). */
const asCardId = (kennziffer: string): number | undefined =>
  /^[1-9]\d{0,9}$/.test(kennziffer) && Number(kennziffer) <= 2_147_483_647 ? Number(kennziffer) : undefined;

/**
 * The customer card a kennziffer names (docs/adr/0015): the card with that RATIO number (the oldest, should
 * two share it), else — for a number — the card with that id that has no RATIO number of its own. Narrowed to
 * an agency's cards when `agencyId` is given.
 */
export async function findCardIdByKennziffer(
  db: Database,
  kennziffer: string,
  agencyId?: number,
): Promise<number | undefined> {
  let byNumber = db
    .selectFrom('vc_card')
    .select('id_vc_card')
    .where('kind', '=', 'customer')
    .where('ratio_id', '=', kennziffer)
    .orderBy('id_vc_card')
    .limit(1);
  if (agencyId !== undefined) byNumber = byNumber.where('id_organization', '=', agencyId);
  const found = await byNumber.executeTakeFirst();
  if (found) return found.id_vc_card;
  const cardId = asCardId(kennziffer);
  if (cardId === undefined) return undefined;
  let byId = db
    .selectFrom('vc_card')
    .select('id_vc_card')
    .where('kind', '=', 'customer')
    .where('id_vc_card', '=', cardId)
    .where('ratio_id', 'is', null);
  if (agencyId !== undefined) byId = byId.where('id_organization', '=', agencyId);
  return (await byId.executeTakeFirst())?.id_vc_card;
}

/** Whether any customer (of any agency) or stored record already answers to this kennziffer. */
export async function isKennzifferTaken(db: Database, kennziffer: string): Promise<boolean> {
  if ((await findCardIdByKennziffer(db, kennziffer)) !== undefined) return true;
  const stored = await db
    .selectFrom('ratio_address')
    .select('id_vc_card')
    .where('kennziffer', '=', kennziffer)
    .executeTakeFirst();
  return stored !== undefined;
}

export async function findStoredFields(db: Database, cardId: number): Promise<string | undefined> {
  const row = await db.selectFrom('ratio_address').select('fields').where('id_vc_card', '=', cardId).executeTakeFirst();
  return row?.fields;
}

/** Writes a card's stored fields and its kennziffer (insert or replace). */
export async function saveStoredFields(
  db: Database,
  cardId: number,
  kennziffer: string | null,
  fields: string,
): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('ratio_address')
    .values({ id_vc_card: cardId, kennziffer, fields, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('id_vc_card').doUpdateSet({ kennziffer, fields, updated_at: updatedAt }))
    .execute();
}
