import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Spinner } from '../../layout/mobile-shell.tsx';
import { useMobileLocale, useT } from '../../lib/mobile.tsx';
import { AddTripForm } from './add-trip-form.tsx';
import { fetchTrips, formatDay, tripsKey, type TripSummary } from './trip-api.ts';
import './journey-list.css';

/*
 * The journeys and past trips: the first screen of most visits to the phone app, so plain HTML and CSS (no MUI,
 * `plain` in my-journeys.mobile.ts; docs/adr/0020) in the look of the MUI screens.
 */

function LoadFailed({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <div className="mj-alert mj-alert--error" role="alert">
      <span>{t('myJourneys.loadFailed')}</span>
      <button type="button" className="mj-text-button" onClick={retry}>
        {t('myJourneys.retry')}
      </button>
    </div>
  );
}

function TripCard({ trip, base }: { trip: TripSummary; base: string }) {
  const t = useT();
  const [locale] = useMobileLocale();
  return (
    <li className="mj-card">
      <Link to={`${base}/${trip.id}`} className="mj-card-action">
        {trip.image ? <img className="mj-card-media" src={trip.image} alt="" height={140} /> : null}
        <div className="mj-card-content">
          <h2 className="mj-card-title">{trip.title}</h2>
          <p className="mj-secondary">{`${formatDay(trip.dateFrom, locale)} – ${formatDay(trip.dateTill, locale)}`}</p>
          {trip.destination ? <p className="mj-body2">{trip.destination}</p> : null}
          <p className="mj-chips">
            <span className="mj-chip">{t(`myJourneys.status.${trip.status}`)}</span>
            {trip.relation === 'guest' ? (
              <span className="mj-chip mj-chip--outlined">{t('myJourneys.guest')}</span>
            ) : null}
          </p>
        </div>
      </Link>
    </li>
  );
}

function TripList({ kind }: { kind: 'active' | 'past' }) {
  const t = useT();
  const query = useQuery({ queryKey: tripsKey(kind), queryFn: () => fetchTrips(kind) });
  const base = kind === 'active' ? '/appuser/aktJourneys' : '/appuser/historyjourneys';
  return (
    <div className="mj-stack mj-page">
      <h1 className="mj-title">{t(kind === 'active' ? 'myJourneys.title' : 'myJourneys.historyTitle')}</h1>
      {query.isPending ? <Spinner label={t('myJourneys.loading')} /> : null}
      {query.isError ? <LoadFailed retry={() => void query.refetch()} /> : null}
      {query.data && query.data.length === 0 ? (
        <div className="mj-alert mj-alert--info">
          {t(kind === 'active' ? 'myJourneys.emptyActive' : 'myJourneys.emptyHistory')}
        </div>
      ) : null}
      {query.data && query.data.length > 0 ? (
        <ul className="mj-stack mj-cards">
          {query.data.map((trip) => (
            <TripCard key={trip.id} trip={trip} base={base} />
          ))}
        </ul>
      ) : null}
      {/* Below the trips once they are in: appearing above it, they would push the form down (a layout shift). */}
      {kind === 'active' && !query.isPending ? <AddTripForm /> : null}
    </div>
  );
}

/** /appuser/aktJourneys: the coming and running trips, and the form that adds one by booking number. */
export function JourneysScreen() {
  return <TripList kind="active" />;
}

/** /appuser/historyjourneys: the trips that are over. */
export function HistoryScreen() {
  return <TripList kind="past" />;
}
