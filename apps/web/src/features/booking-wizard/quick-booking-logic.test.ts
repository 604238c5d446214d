import { describe, expect, it } from 'vitest';
import {
  quickBlocker,
  quickSaveChoices,
  resizeParticipants,
  withStops,
  QUICK_MAX_PARTICIPANTS,
} from './quick-booking-logic.ts';
import { emptyParticipant, initialValues, type WizardValues } from './wizard-logic.ts';

const named = (name: string) => ({ ...emptyParticipant(), name });

describe('quick booking form', () => {
  it('keeps the named participants when the count grows or shrinks, within the limit', () => {
    const two = resizeParticipants([named('Meier')], 2);
    expect(two.map((participant) => participant.name)).toEqual(['Meier', '']);
    expect(resizeParticipants(two, 1).map((participant) => participant.name)).toEqual(['Meier']);
    expect(resizeParticipants([], 50)).toHaveLength(QUICK_MAX_PARTICIPANTS);
    expect(resizeParticipants(two, -1)).toEqual([]);
  });

  it('boards every participant at the chosen stops', () => {
    const values: WizardValues = { ...initialValues(new Date('2026-11-01')), teilnehmer: [named('A'), named('B')] };
    const boarded = withStops(values, { out: 2, back: 1 });
    expect(boarded.teilnehmer.map((p) => [p.zustieghin, p.zustiegrueck])).toEqual([
      [2, 1],
      [2, 1],
    ]);
  });

  it('offers option and firm booking, a request on request dates and the waiting list when seats are short', () => {
    expect(quickSaveChoices(0, 10, 2)).toEqual(['option', 'firm']);
    expect(quickSaveChoices(0, null, 2)).toEqual(['option', 'firm']);
    expect(quickSaveChoices(1, 10, 2)).toEqual(['request']);
    expect(quickSaveChoices(0, 1, 2)).toEqual(['waitlist', 'request']);
  });

  it('names what is missing before sending, in the order of the form', () => {
    const values = initialValues(new Date('2026-11-01'));
    expect(quickBlocker(values, null)).toBe('bookingWizard.journey.required');
    const withTrip = { ...values, id_jrn_journey: 3 };
    expect(quickBlocker(withTrip, null)).toBe('bookingWizard.date.required');
    const withDate = { ...withTrip, termin: 7 };
    expect(quickBlocker(withDate, { nr: 7 })).toBe('bookingWizard.customer.required');
    const withBooker = { ...withDate, buchender: { ...withDate.buchender, id_vc_card: 5 } };
    expect(quickBlocker(withBooker, { nr: 7 })).toBe('bookingWizard.participants.required');
    expect(quickBlocker({ ...withBooker, teilnehmer: [named('A')] }, { nr: 7 })).toBeNull();
  });
});
