export type LocCountryTable = {
  id_loc_country: number;
  iso: string;
  iso3: string;
  name_de: string;
  name_en: string;
  booking_country: number | boolean;
};
