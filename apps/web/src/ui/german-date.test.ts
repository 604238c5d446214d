import { describe, expect, it } from 'vitest';
import { formatDateInput, parseDateInput } from './german-date.ts';

describe('formatDateInput', () => {
  it('shows a stored date as DD.MM.YYYY', () => {
    expect(formatDateInput('2026-03-01')).toBe('01.03.2026');
  });

  it('shows nothing for no date and keeps a draft as typed', () => {
    expect(formatDateInput(null)).toBe('');
    expect(formatDateInput(undefined)).toBe('');
    expect(formatDateInput('01.03.20')).toBe('01.03.20');
  });
});

describe('parseDateInput', () => {
  it('turns a typed German date into YYYY-MM-DD', () => {
    expect(parseDateInput('01.03.2026')).toBe('2026-03-01');
    expect(parseDateInput(' 1.3.2026 ')).toBe('2026-03-01');
  });

  it('never reads the day as a month, whatever the browser language', () => {
    expect(parseDateInput('12.03.2026')).toBe('2026-03-12');
  });

  it('accepts a pasted YYYY-MM-DD', () => {
    expect(parseDateInput('2026-03-12')).toBe('2026-03-12');
  });

  it('makes an empty field null', () => {
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput('   ')).toBeNull();
  });

  it('keeps what is no real day as typed, so the contract refuses it', () => {
    expect(parseDateInput('31.02.2026')).toBe('31.02.2026');
    expect(parseDateInput('03/12/2026')).toBe('03/12/2026');
    expect(parseDateInput('01.03.')).toBe('01.03.');
  });
});
