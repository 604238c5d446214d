import { useEffect, useMemo, useState } from 'react';
import {
  Autocomplete,
  Box,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import type { Departure } from '@tourdesk/contracts/departures.schema';
import type { Journey } from '@tourdesk/contracts/journeys.schema';
import type { Page } from '@tourdesk/contracts/list';
import { formatDate } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';

type JourneyOption = { id: number; title: string };
type Label = { id: number; label: string };

/** A journey picked by searching its title (GET /journey-lit). */
function JourneySearch({
  value,
  onChange,
}: {
  value: JourneyOption | null;
  onChange: (v: JourneyOption | null) => void;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const { data, isFetching } = useQuery({
    queryKey: ['push-journeys', search],
    queryFn: () =>
      api<Page<JourneyOption>>(
        `/journey-lit?${new URLSearchParams({ $limit: '20', ...(search ? { 'lit-search': search } : {}) })}`,
      ),
  });
  return (
    <Autocomplete
      options={data?.data ?? []}
      value={value}
      loading={isFetching}
      onChange={(_event, option) => onChange(option)}
      onInputChange={(_event, text) => setInput(text)}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      renderInput={(params) => <TextField {...params} label={translate('pushNotifications.pickers.journey')} />}
      sx={{ flex: '2 1 260px', minWidth: 0 }}
    />
  );
}

const dateLabel = (date: { date_from: string; termincode: string }) =>
  `${formatDate(date.date_from)} (${date.termincode})`;

const useJourneyDates = (journeyId: number | null) =>
  useQuery({
    queryKey: ['push-journey', journeyId],
    queryFn: () => api<Journey>(`/journey-lit/${journeyId}`),
    enabled: journeyId !== null,
  });

/** The chosen ones, named as the server names them (`receiver_labels`) or as picked here. */
function Chosen({
  ids,
  labels,
  onRemove,
}: {
  ids: number[];
  labels: Map<number, string>;
  onRemove?: (id: number) => void;
}) {
  if (ids.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
      {ids.map((id) => (
        <Chip
          key={id}
          label={labels.get(id) ?? `#${id}`}
          onDelete={onRemove ? () => onRemove(id) : undefined}
          size="small"
        />
      ))}
    </Stack>
  );
}

/** Bus: a journey, then one of its departures, then a coach of that departure (receiver_ids = [transport id]). */
export function BusPicker({ labels }: { labels: readonly Label[] }) {
  const translate = useTranslate();
  const { field, fieldState } = useController<{ receiver_ids: number[] }, 'receiver_ids'>({ name: 'receiver_ids' });
  const [journey, setJourney] = useState<JourneyOption | null>(null);
  const [nr, setNr] = useState<number | ''>('');
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const dates = useJourneyDates(journey?.id ?? null);
  const departure = useQuery({
    queryKey: ['push-departure', nr],
    queryFn: () => api<Departure>(`/departures/${nr}`),
    enabled: nr !== '',
  });
  const known = useMemo(
    () => new Map([...labels.map((entry) => [entry.id, entry.label] as const), ...picked]),
    [labels, picked],
  );
  const ids = field.value ?? [];
  return (
    <Box>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate('pushNotifications.pickers.coach')}
      </FormLabel>
      <Chosen ids={ids} labels={known} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <JourneySearch
          value={journey}
          onChange={(option) => {
            setJourney(option);
            setNr('');
          }}
        />
        <FormControl sx={{ flex: '1 1 180px', minWidth: 0 }} disabled={!dates.data}>
          <InputLabel id="push-bus-date">{translate('pushNotifications.pickers.departure')}</InputLabel>
          <Select
            labelId="push-bus-date"
            label={translate('pushNotifications.pickers.departure')}
            value={nr}
            onChange={(event) => setNr(Number(event.target.value))}
          >
            {(dates.data?.dates ?? []).map((date) => (
              <MenuItem key={date.nr} value={date.nr}>
                {dateLabel(date)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ flex: '1 1 180px', minWidth: 0 }} disabled={!departure.data} error={fieldState.invalid}>
          <InputLabel id="push-bus-coach">{translate('pushNotifications.pickers.coachSelect')}</InputLabel>
          <Select
            labelId="push-bus-coach"
            label={translate('pushNotifications.pickers.coachSelect')}
            value={departure.data?.transports.some((coach) => coach.id === ids[0]) ? ids[0] : ''}
            onChange={(event) => {
              const id = Number(event.target.value);
              const coach = departure.data?.transports.find((one) => one.id === id);
              if (coach && journey && departure.data)
                setPicked(new Map([[id, `${journey.title} · ${dateLabel(departure.data)} · ${coach.name}`]]));
              field.onChange([id]);
            }}
          >
            {(departure.data?.transports ?? []).map((coach) => (
              <MenuItem key={coach.id} value={coach.id}>
                {coach.name} ({translate(`pushNotifications.directions.${coach.direction}`)})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {fieldState.error?.message ? <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText> : null}
    </Box>
  );
}

/** Departure dates: the dates of a journey, several (receiver_ids = departure numbers). */
export function DatesPicker({ labels }: { labels: readonly Label[] }) {
  const translate = useTranslate();
  const { field, fieldState } = useController<{ receiver_ids: number[] }, 'receiver_ids'>({ name: 'receiver_ids' });
  const [journey, setJourney] = useState<JourneyOption | null>(null);
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const dates = useJourneyDates(journey?.id ?? null);
  const known = useMemo(
    () => new Map([...labels.map((entry) => [entry.id, entry.label] as const), ...picked]),
    [labels, picked],
  );
  const ids: number[] = field.value ?? [];
  const toggle = (nr: number, label: string, on: boolean) => {
    if (on) setPicked((map) => new Map(map).set(nr, label));
    field.onChange(on ? [...ids, nr] : ids.filter((id) => id !== nr));
  };
  return (
    <Box>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate('pushNotifications.pickers.dates')}
      </FormLabel>
      <Chosen ids={ids} labels={known} onRemove={(nr) => field.onChange(ids.filter((id) => id !== nr))} />
      <JourneySearch value={journey} onChange={setJourney} />
      {dates.data ? (
        <FormGroup sx={{ mt: 1 }}>
          {dates.data.dates.map((date) => (
            <FormControlLabel
              key={date.nr}
              control={
                <Checkbox
                  checked={ids.includes(date.nr)}
                  onChange={(event) => toggle(date.nr, `${journey!.title} · ${dateLabel(date)}`, event.target.checked)}
                />
              }
              label={dateLabel(date)}
            />
          ))}
        </FormGroup>
      ) : null}
      {fieldState.error?.message ? <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText> : null}
    </Box>
  );
}
