import { useState, type FormEvent } from 'react';
import { HttpError } from '../../lib/api-client.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../lib/mobile.tsx';
import { addTrip } from './trip-api.ts';

/**
 * Plain HTML and CSS (journey-list.css), as the journey list it sits in (the phone app's first screen).
 * "Reise mit Buchungsnummer hinzufügen": booking number, booker's surname and postcode → PUT /login-vorgang/{nr}.
 * A confirmed link opens the trip; a request waits for the booker and says so.
 */
export function AddTripForm({ initialNumber = '' }: { initialNumber?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState(initialNumber);
  const [surname, setSurname] = useState('');
  const [zip, setZip] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [requested, setRequested] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    setRequested(false);
    try {
      if (!number.trim()) {
        setFields({ number: 'error.empty' });
        return;
      }
      const link = await addTrip(number, surname, zip);
      await queryClient.invalidateQueries({ queryKey: ['my-journeys'] });
      if (link.status === 'confirmed') navigate(`/appuser/aktJourneys/${link.bookingId}`);
      else setRequested(true);
    } catch (caught) {
      if (caught instanceof HttpError) {
        const body = caught.body as { errors?: Record<string, string> } | undefined;
        setFields(body?.errors ?? {});
        if (!body?.errors || Object.keys(body.errors).length === 0) setError(caught.message);
      } else setError('error.unexpected');
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: string) => (fields[name] ? t(fields[name]) : undefined);
  const field = (name: string, label: string, value: string, set: (value: string) => void, extra: object) => {
    const message = fieldError(name);
    return (
      <div className="mj-field">
        <label htmlFor={`add-trip-${name}`}>
          {label}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={`add-trip-${name}`}
          name={name === 'number' ? 'bookingNumber' : name}
          value={value}
          onChange={(event) => set(event.target.value)}
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `add-trip-${name}-error` : undefined}
          {...extra}
        />
        {message ? (
          <p id={`add-trip-${name}-error`} className="mj-field-error">
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <section className="mj-paper" aria-labelledby="add-trip-title">
      <h2 id="add-trip-title" className="mj-card-title">
        {t('myJourneys.add.title')}
      </h2>
      <p className="mj-secondary mj-gap">{t('myJourneys.add.text')}</p>
      {error ? (
        <div className="mj-alert mj-alert--error" role="alert">
          {t(error)}
        </div>
      ) : null}
      {requested ? (
        <div className="mj-alert mj-alert--info" role="status">
          {t('myJourneys.add.requested')}
        </div>
      ) : null}
      <form onSubmit={submit} noValidate>
        {field('number', t('myJourneys.add.number'), number, setNumber, { inputMode: 'numeric' })}
        {field('surname', t('myJourneys.add.surname'), surname, setSurname, { autoComplete: 'family-name' })}
        {field('zip', t('myJourneys.add.zip'), zip, setZip, { autoComplete: 'postal-code' })}
        <button type="submit" className="mj-button" disabled={busy}>
          {busy ? <span className="mj-button-spinner" aria-hidden="true" /> : null}
          {t('myJourneys.add.submit')}
        </button>
      </form>
    </section>
  );
}
