/** The fields of a customer's RATIO address record that the card does not model (docs/adr/0015). */
export type RatioAddressTable = {
  id_vc_card: number;
  /** the card's RATIO number (vc_card.ratio_id) when it has one; unique */
  kennziffer: string | null;
  /** JSON object: field name → value, only fields with a value */
  fields: string;
  updated_at: string | Date;
};
