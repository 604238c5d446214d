import type { Generated } from 'kysely';

/** A journey: a trip product of the catalogue (spec §3 "Trip", DOMAIN.md). Money in cents. */
export type JrnJourneyTable = {
  id_jrn_journey: Generated<number>;
  title: string;
  subtitle: string | null;
  code: string | null;
  booking_id: string | null;
  kuschick_id: string | null;
  pressmind_id: string | null;
  mindestteilnehmer: number | null;
  bonuspunkte: number | null;
  id_jrn_category: number | null;
  id_jrn_destination: number | null;
  /** the feedback survey offered to its travellers in the app once the trip is over */
  id_survey_survey: Generated<number | null>;
  /** JSON array of loc_country ids */
  countries: Generated<string>;
  /** 0 no status, 1 trip created, 2 in progress, 3 ready for print sheet, 4 trip set */
  catalog_state: Generated<number>;
  /** 0 bookable, 1 on request, 2 not bookable */
  bookable: Generated<number>;
  online: Generated<number | boolean>;
  project: string | null;
  id_organization: number | null;
  tour_guide: string | null;
  recommendation_rate: number | null;
  rating_stars: number | null;
  detail_title: string | null;
  introduction: string | null;
  services: string | null;
  included_services: string | null;
  highlights: string | null;
  notes: string | null;
  hotel_description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  slug: string | null;
  keywords: string | null;
  search_text: Generated<string>;
  /** DIN 5007 key of `title` */
  sort_title: Generated<string>;
  /** JSON CancellationTerm[]; null: the setting CANCELLATION_TERMS (docs/adr/0017) */
  cancellation_terms: string | null;
  /** JSON PaymentTerms; null: the setting PAYMENT_TERMS */
  payment_terms: string | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type JrnJourneyDayTable = {
  id: Generated<number>;
  id_jrn_journey: number;
  day_no: number;
  daytitle: string;
  daytext: string | null;
};

export type JrnAccommodationTable = {
  id: Generated<number>;
  id_jrn_journey: number;
  position: Generated<number>;
  name: string;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  stars: number | null;
  description: string | null;
};

export type JrnRoomTypeTable = {
  id: Generated<number>;
  id_jrn_accommodation: number;
  kind: string;
  name: string | null;
  rooms: number;
};

export type JrnExtraTable = {
  id: Generated<number>;
  id_jrn_journey: number;
  position: Generated<number>;
  type: string;
  value: string;
  price_cents: Generated<number>;
  price_due: Generated<string>;
  required: Generated<number | boolean>;
  choice_group: string | null;
  min_age: number | null;
  max_age: number | null;
  units: number | null;
};

/** A boarding point a journey offers, per direction, with pick-up time, day offset and surcharge. */
export type JrnJourneyStopTable = {
  id: Generated<number>;
  id_jrn_journey: number;
  id_zus_zustiege: number;
  direction: string;
  position: Generated<number>;
  time: string | null;
  day_offset: Generated<number>;
  surcharge_cents: Generated<number>;
};

/** A departure date (Termin). */
export type JrnDateTable = {
  nr: Generated<number>;
  id_jrn_journey: number;
  termincode: string;
  date_from: string;
  date_till: string;
  bookable: Generated<number>;
};

export type JrnDatePriceTable = {
  id: Generated<number>;
  id_jrn_date: number;
  position: Generated<number>;
  category: Generated<string>;
  room_kind: string | null;
  description: string;
  amount_cents: number;
  additional_price_cents: Generated<number>;
};

export type JrnJourneyImageTable = {
  id: Generated<number>;
  id_jrn_journey: number;
  id_stored_file: number;
  id_jrn_accommodation: number | null;
  position: Generated<number>;
  caption: string | null;
  copyright: string | null;
};
