import type { JourneyDate } from '@tourdesk/contracts/journeys.schema';
import { emptyParticipant, type SaveAs, type WizardParticipant, type WizardValues } from './wizard-logic.ts';

/** The most participants the quick form takes (larger parties use the wizard). */
export const QUICK_MAX_PARTICIPANTS = 9;

/** The travel stop per direction chosen for the whole party (knotenhaltnr on the date), or none. */
export type QuickStops = { out: number | null; back: number | null };

/** The participant rows for a new count: rows kept in order, new ones empty. */
export function resizeParticipants(participants: readonly WizardParticipant[], count: number): WizardParticipant[] {
  const size = Math.max(0, Math.min(QUICK_MAX_PARTICIPANTS, Math.trunc(count)));
  return Array.from({ length: size }, (_, index) => participants[index] ?? emptyParticipant());
}

/** Every participant boards at the chosen stops. */
export const withStops = (values: WizardValues, stops: QuickStops): WizardValues => ({
  ...values,
  teilnehmer: (values.teilnehmer ?? []).map((participant) => ({
    ...participant,
    zustieghin: stops.out,
    zustiegrueck: stops.back,
  })),
});

/**
 * What the quick form offers to save as: option and firm booking; a date on request only as a request; when
 * fewer seats are free than travel, the waiting list (or a request) instead of holding seats.
 */
export function quickSaveChoices(bookable: number, free: number | null, count: number): SaveAs[] {
  if (bookable === 1) return ['request'];
  if (free !== null && count > free) return ['waitlist', 'request'];
  return ['option', 'firm'];
}

/** Why the form cannot be sent yet (an i18n key), or null. */
export function quickBlocker(values: WizardValues, date: Pick<JourneyDate, 'nr'> | null): string | null {
  if (!values.id_jrn_journey) return 'bookingWizard.journey.required';
  if (!values.termin || !date) return 'bookingWizard.date.required';
  if (!values.newBooker && !values.buchender.id_vc_card) return 'bookingWizard.customer.required';
  if ((values.teilnehmer ?? []).length === 0) return 'bookingWizard.participants.required';
  return null;
}
