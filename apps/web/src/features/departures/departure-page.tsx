import { useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Form, SaveButton, Title, Toolbar, useNotify, useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useFormState, type FieldValues } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Departure, UpdateDepartureBody } from '@tourdesk/contracts/departures.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { ManifestDownloads } from '../../shared/manifest-downloads.tsx';
import { DepartureAlerts } from './departure-alerts.tsx';
import { DepartureCheckinsPanel } from './departure-checkins.tsx';
import { DepartureCoaches } from './departure-coaches.tsx';
import {
  BOOKABLE_COLORS,
  DEPARTURE_TABS,
  departurePath,
  toFormValues,
  toUpdateBody,
  type DepartureTab,
  type DepartureValues,
} from './departure-form-logic.ts';
import { DeparturePools } from './departure-pools.tsx';
import { departureKey, participantsKey, seatMapKey, useDeparture } from './departure-queries.ts';
import { DepartureStops } from './departure-stops.tsx';
import { DepartureWaitlist } from './departure-waitlist.tsx';
import { SeatPicker } from './seat-picker.tsx';

/** The form's collections by tab, to mark a tab whose fields the server refused. */
const TAB_FIELDS: Partial<Record<DepartureTab, keyof DepartureValues>> = {
  coaches: 'transports',
  stops: 'travelStops',
  pools: 'quotas',
};

type FailedRequest = { message?: string; body?: { errors?: Record<string, string> } };

/** Saves the document; a refusal is announced in the user's language and its field errors go back to the form. */
function useSaveDeparture(departure: Departure, onSaved: (saved: Departure) => void) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (body: UpdateDepartureBody) => {
    try {
      const saved = await api<Departure>(`/departures/${departure.nr}`, { method: 'PUT', body });
      queryClient.setQueryData(departureKey(departure.nr), saved);
      void queryClient.invalidateQueries({ queryKey: seatMapKey(departure.nr) });
      void queryClient.invalidateQueries({ queryKey: participantsKey(departure.nr) });
      notify('departures.notifications.saved', { type: 'info', messageArgs: { name: saved.termincode } });
      onSaved(saved);
      return undefined;
    } catch (failure) {
      const { message, body } = failure as FailedRequest;
      notify(message ?? 'error.unexpected', { type: 'error' });
      return body?.errors;
    }
  };
}

/** A tab's name, marked while a field of it holds an error. */
function TabName({ tab }: { tab: DepartureTab }) {
  const translate = useTranslate();
  const { errors } = useFormState();
  const field = TAB_FIELDS[tab];
  const wrong = field !== undefined && errors[field] !== undefined;
  return (
    <>
      {translate(`departures.tabs.${tab}`)}
      {wrong ? ` (${translate('departures.help.tabHasErrors')})` : ''}
    </>
  );
}

function Panel({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" hidden={!active} sx={{ pt: 2 }}>
      {children}
    </Box>
  );
}

/** Journey, date, termincode and whether the date can be booked. */
function DepartureHeader({ departure }: { departure: Departure }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            <Link to={`/internet/journeys/${departure.id_jrn_journey}`}>{departure.journeyTitle}</Link>
          </Typography>
          <Chip
            sx={{ alignSelf: 'flex-start' }}
            size="small"
            color={BOOKABLE_COLORS[departure.bookable] ?? 'default'}
            label={translate(`journeys.bookableStates.${departure.bookable}`)}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {departure.termincode} · {formatDate(departure.date_from)} – {formatDate(departure.date_till)}
        </Typography>
        <Typography variant="body2">
          <Link to={`/internet/journeys/${departure.id_jrn_journey}/occupancy`}>
            {translate('departures.actions.occupancy')}
          </Link>
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * /internet/journeys/{id}/dates/{nr}[/tab]: a departure date planned as one document — coaches per direction
 * with their seat plan copy, blocked seats and driver; numbered travel stops; room and extra pools; alerts —
 * saved with PUT /departures/{nr}. The "seats" tab is the seat picker, which moves participants at once.
 */
export function DeparturePage() {
  const params = useParams();
  const nr = Number(params.nr);
  const journeyId = Number(params.id);
  const translate = useTranslate();
  const tab: DepartureTab = DEPARTURE_TABS.find((name) => name === params['*']) ?? 'coaches';
  const { data: departure, error, isPending } = useDeparture(nr);
  // The form starts from the document as last loaded or saved; later reloads (after a seat move) leave edits alone.
  const [snapshot, setSnapshot] = useState<{ departure: Departure; version: number } | null>(null);
  if (isPending) return <PageLoading />;
  if (error || !departure) {
    return (
      <Typography role="alert" color="error" sx={{ mt: 2 }}>
        {translate(error instanceof Error ? error.message : 'error.notFound')}
      </Typography>
    );
  }
  const base = snapshot ?? { departure, version: 0 };
  const root = departurePath(journeyId, nr);
  return (
    <>
      <Title title={translate('departures.title', { code: departure.termincode })} />
      <DepartureHeader departure={departure} />
      <DepartureForm
        key={base.version}
        departure={base.departure}
        tab={tab}
        root={root}
        onSaved={(saved) => setSnapshot({ departure: saved, version: base.version + 1 })}
      >
        <Tabs value={tab} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mt: 1 }}>
          {DEPARTURE_TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={<TabName tab={name} />}
              component={Link}
              to={departurePath(journeyId, nr, name)}
            />
          ))}
        </Tabs>
      </DepartureForm>
      {tab === 'seats' ? <SeatPicker departure={departure} /> : null}
      {tab === 'waitlist' ? <DepartureWaitlist nr={nr} /> : null}
      {tab === 'checkins' ? <DepartureCheckinsPanel nr={nr} /> : null}
      {tab === 'manifests' ? (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <ManifestDownloads nr={nr} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

function DepartureForm({
  departure,
  tab,
  root,
  onSaved,
  children,
}: {
  departure: Departure;
  tab: DepartureTab;
  root: string;
  onSaved: (saved: Departure) => void;
  children: ReactNode;
}) {
  const save = useSaveDeparture(departure, onSaved);
  const [record] = useState(() => toFormValues(departure));
  return (
    <Form
      record={record}
      noValidate
      warnWhenUnsavedChanges
      formRootPathname={root}
      onSubmit={(values: FieldValues) => save(toUpdateBody(values as DepartureValues))}
    >
      {children}
      <Panel active={tab === 'coaches'}>
        <DepartureCoaches />
      </Panel>
      <Panel active={tab === 'stops'}>
        <DepartureStops onFromJourney={(values) => save({ ...toUpdateBody(values), stopsFromJourney: true })} />
      </Panel>
      <Panel active={tab === 'pools'}>
        <DeparturePools departure={departure} />
      </Panel>
      <Panel active={tab === 'alerts'}>
        <DepartureAlerts departure={departure} />
      </Panel>
      {tab === 'seats' || tab === 'waitlist' || tab === 'checkins' || tab === 'manifests' ? null : (
        <Toolbar sx={{ mt: 2 }}>
          <SaveButton />
        </Toolbar>
      )}
    </Form>
  );
}
