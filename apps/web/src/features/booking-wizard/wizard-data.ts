import { useLocaleState } from 'react-admin';
import type { DateOccupancy, Departure, SeatMap } from '@tourdesk/contracts/departures.schema';
import type { InsuranceOffer } from '@tourdesk/contracts/insurances.schema';
import type { Journey, JourneyDate } from '@tourdesk/contracts/journeys.schema';
import { insuranceTravellers, previewLines, type PreviewLine, type WizardValues } from './wizard-logic.ts';
import { useDeparture, useInsuranceOffers, useJourney, useOccupancy, useSeatMap } from './wizard-queries.ts';

/** What the steps read from the server for the values chosen so far. */
export type WizardData = {
  journey: Journey | null;
  journeyPending: boolean;
  occupancy: DateOccupancy[] | null;
  date: JourneyDate | null;
  departure: Departure | null;
  departurePending: boolean;
  seatMap: SeatMap | null;
  insurances: InsuranceOffer[];
  /** the insurance call failed or is not there: no offers */
  insurancesUnavailable: boolean;
  lines: PreviewLine[];
};

export function useWizardData(values: WizardValues): WizardData {
  const [locale] = useLocaleState();
  const journey = useJourney(values.id_jrn_journey ?? null);
  const occupancy = useOccupancy(values.id_jrn_journey ?? null);
  const date = journey.data?.dates.find((candidate) => candidate.nr === values.termin) ?? null;
  const termin = date ? date.nr : null;
  const departure = useDeparture(termin);
  const seatMap = useSeatMap(termin);
  const participants = values.teilnehmer ?? [];
  const travellers = date ? insuranceTravellers({ teilnehmer: participants }, date) : [];
  const insurances = useInsuranceOffers(termin, travellers, locale);
  const offers = insurances.data ?? [];
  return {
    journey: journey.data ?? null,
    journeyPending: journey.isPending && values.id_jrn_journey != null,
    occupancy: occupancy.data ?? null,
    date,
    departure: departure.data ?? null,
    departurePending: departure.isPending && termin !== null,
    seatMap: seatMap.data ?? null,
    insurances: offers,
    insurancesUnavailable: insurances.isError,
    lines: date
      ? previewLines({
          values: { teilnehmer: participants, extraUnits: values.extraUnits ?? [] },
          date,
          extras: journey.data?.extras ?? [],
          stops: departure.data?.travelStops ?? [],
          insurances: offers,
        })
      : [],
  };
}
