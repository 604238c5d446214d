import type { Generated } from 'kysely';
import type { BookingStatus } from '@tourdesk/contracts';

/** A booking (Vorgang); its `id` is the booking number (vorgangnr). See DOMAIN.md and docs/adr/0014. */
export type BookingTable = {
  id: Generated<number>;
  id_jrn_date: number;
  id_jrn_journey: number;
  id_booker_card: number | null;
  id_organization: number | null;
  status: BookingStatus;
  option_until: string | Date | null;
  title: string | null;
  comment: string | null;
  ratio_vorgangnr: string | null;
  invoice_number: string | null;
  total_cents: Generated<number>;
  version: Generated<number>;
  created_by: number | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
  cancelled_at: string | Date | null;
  /** the booker's language for documents and mails (de | en | es | ru) */
  language: Generated<string>;
  /** the host the booking was made on; its brand heads documents and mails */
  brand_host: string | null;
  /** when the booking first became firm (the deposit falls due from then) */
  confirmed_at: string | Date | null;
  /** when the option-reminder mail was queued */
  option_reminded_at: string | Date | null;
  /** reminder level (Mahnstufe) 0–3 */
  dunning_level: Generated<number>;
  dunned_at: string | Date | null;
  /** Σ payment.amount_cents */
  paid_cents: Generated<number>;
  /** normalised text the bookings list searches (booking number, booker, participants, journey, termincode, invoice) */
  search_text: Generated<string>;
  /** an agency booking's commission rate in basis points (1050 = 10.50 %), frozen when booked (docs/adr/0019) */
  commission_bp: number | null;
};

export type BookingRoomTable = {
  id: Generated<number>;
  id_booking: number;
  id_jrn_room_type: number;
  position: Generated<number>;
};

/** A participant (Teilnehmer) with RATIO's fields (spec §3). Seats live in `seat_assignment`, not here. */
export type ParticipantTable = {
  id: Generated<number>;
  id_booking: number;
  position: number;
  anrede: string | null;
  titel: string | null;
  name: string;
  name1: string | null;
  name2: string | null;
  name3: string | null;
  namenszusatz: string | null;
  geburtstag: string | Date | null;
  nation: string | null;
  passnummer: string | null;
  telefon: string | null;
  email: string | null;
  info1: string | null;
  info2: string | null;
  ref1: string | null;
  ref2: string | null;
  gruppe: string | null;
  sitzfest: Generated<number | boolean>;
  status: string | null;
  reservierungsnr: string | null;
  leistungen: string | null;
  id_jrn_date_price: number | null;
  id_travel_stop_out: number | null;
  id_travel_stop_ret: number | null;
  id_booking_room: number | null;
  /** set when the participant alone was cancelled; they then hold nothing and are priced only by their fee */
  cancelled_at: string | Date | null;
  /** INSURANCE_PRODUCTS code chosen for the participant */
  insurance: string | null;
};

export type BookingExtraTable = {
  id: Generated<number>;
  id_booking: number;
  id_jrn_extra: number;
  units: number;
};

/** ★ What a capacity-holding booking holds of one quota. */
export type BookingHoldTable = {
  id_booking: number;
  id_quota: number;
  units: number;
};

/** ★ One seat of one transport, held by one participant of a capacity-holding booking. */
export type SeatAssignmentTable = {
  id_transport: number;
  seat: string;
  id_participant: number;
  id_booking: number;
};

export type PriceLineKind = 'base' | 'stop' | 'room' | 'extra' | 'insurance' | 'discount' | 'fee';

export type BookingPriceLineTable = {
  id: Generated<number>;
  id_booking: number;
  id_participant: number | null;
  kind: PriceLineKind;
  description: string;
  amount_cents: number;
};

export type BookingEventTable = {
  id: Generated<number>;
  id_booking: number;
  at: Generated<string | Date>;
  by_user: number | null;
  kind: string;
  /** JSON { before, after } */
  data: Generated<string>;
};

/** A remembered answer to a request sent with an Idempotency-Key. */
export type IdempotencyKeyTable = {
  scope_key: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: Generated<string | Date>;
};
