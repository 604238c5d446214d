import type { Generated } from 'kysely';
import type { TravelMenuCategory } from '@tourdesk/contracts';

/** An item of a journey's on-board menu; prices in cents, gross. */
export type TravelMenuItemTable = {
  id: Generated<number>;
  id_jrn_journey: number;
  name: string;
  description: string | null;
  category: TravelMenuCategory;
  price_cents: number;
  /** 7 or 19 (percent) */
  vat_rate: number;
  available: Generated<number | boolean>;
  position: Generated<number>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/**
 * ★ What a participant consumed on board (spec §4 "Travel menu"): name, unit price and VAT are copied from the
 * menu when booked and never follow later changes. A cancelled line keeps its row with `cancelled_at`.
 */
export type TravelConsumptionTable = {
  id: Generated<number>;
  id_jrn_journey: number;
  id_jrn_date: number;
  id_transport: number | null;
  id_booking: number;
  id_participant: number;
  id_travel_menu_item: number | null;
  name: string;
  quantity: number;
  unit_price_cents: number;
  vat_rate: number;
  created_at: Generated<string | Date>;
  created_by: number | null;
  cancelled_at: string | Date | null;
  cancelled_by: number | null;
};
