import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { Form, required, TextInput, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { RequireAgency } from '../../shared/own-agency.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { CustomerStep } from './customer-step.tsx';
import { JourneyStep } from './journey-step.tsx';
import { useWizardData, type WizardData } from './wizard-data.ts';
import {
  freeSeats,
  initialValues,
  participantFromCustomer,
  toBookingBody,
  totalCents,
  type SaveAs,
  type WizardParticipant,
  type WizardValues,
} from './wizard-logic.ts';
import { bookingPageOf } from './wizard-mode.ts';
import {
  QUICK_MAX_PARTICIPANTS,
  quickBlocker,
  quickSaveChoices,
  resizeParticipants,
  withStops,
  type QuickStops,
} from './quick-booking-logic.ts';

type FailedRequest = { message?: string; body?: { errors?: Record<string, string> } };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 500 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The journey's upcoming dates in one select, each with its free seats (asked again while the page is open). */
function DateSelect({ data }: { data: WizardData }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const termin = useWatch({ name: 'termin' }) as number | null;
  const today = new Date().toISOString().slice(0, 10);
  const dates = (data.journey?.dates ?? [])
    .filter((date) => date.date_from >= today)
    .sort((a, b) => a.date_from.localeCompare(b.date_from));
  if (data.journey && dates.length === 0) return <Alert severity="info">{translate('bookingWizard.date.none')}</Alert>;
  const labelOf = (nr: number) => {
    const date = dates.find((candidate) => candidate.nr === nr)!;
    const occupancy = data.occupancy?.find((row) => row.nr === nr);
    const seats =
      !occupancy || occupancy.seats.capacity === 0
        ? translate('bookingWizard.date.notPlanned')
        : translate('bookingWizard.date.seatsFree', {
            free: Math.max(0, occupancy.seats.capacity - occupancy.seats.held),
            capacity: occupancy.seats.capacity,
          });
    const bookable = date.bookable !== 0 ? ` · ${translate(`bookingWizard.bookable.${date.bookable}`)}` : '';
    return `${formatDate(date.date_from)} – ${formatDate(date.date_till)} · ${date.termincode} · ${seats}${bookable}`;
  };
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={translate('bookingWizard.date.choose')}
      value={termin && dates.some((date) => date.nr === termin) ? termin : ''}
      disabled={!data.journey}
      helperText={translate('bookingWizard.date.live')}
      // The hint stays readable while no journey is chosen (a disabled hint fails the contrast check).
      slotProps={{ formHelperText: { disabled: false } }}
      onChange={(event) => {
        setValue('termin', Number(event.target.value), { shouldDirty: true });
        setValue('extraUnits', [], { shouldDirty: true });
      }}
    >
      {dates.map((date) => (
        <MenuItem key={date.nr} value={date.nr} disabled={date.bookable === 2}>
          {labelOf(date.nr)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** How many travel, and each one's first name and surname (the booker fills the first row when chosen). */
function Participants() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const participants = (useWatch({ name: 'teilnehmer' }) as WizardParticipant[]) ?? [];
  const booker = useWatch({ name: 'buchender' }) as WizardValues['buchender'];
  const resize = (count: number) => {
    const next = resizeParticipants(participants, count);
    if (participants.length === 0 && next.length > 0 && (booker.id_vc_card || booker.surname))
      next[0] = participantFromCustomer(booker);
    setValue('teilnehmer', next, { shouldDirty: true });
  };
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label={translate('bookingWizard.quick.count')}
        value={participants.length}
        onChange={(event) => resize(Number(event.target.value))}
        sx={{ maxWidth: 220 }}
      >
        {Array.from({ length: QUICK_MAX_PARTICIPANTS + 1 }, (_, count) => (
          <MenuItem key={count} value={count}>
            {count}
          </MenuItem>
        ))}
      </TextField>
      {participants.map((_participant, index) => (
        <Stack
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ sm: 2 }}
          aria-label={translate('bookingWizard.participants.nth', { nr: index + 1 })}
          role="group"
        >
          <TextInput
            source={`teilnehmer.${index}.name1`}
            label={translate('bookingWizard.quick.firstNameOf', { nr: index + 1 })}
            helperText={false}
          />
          <TextInput
            source={`teilnehmer.${index}.name`}
            label={translate('bookingWizard.quick.surnameOf', { nr: index + 1 })}
            validate={required('error.empty')}
            helperText={false}
          />
        </Stack>
      ))}
    </Stack>
  );
}

/** One travel stop per direction for the whole party (surcharges as planned on the date). */
function StopSelects({
  data,
  stops,
  onChange,
}: {
  data: WizardData;
  stops: QuickStops;
  onChange: (s: QuickStops) => void;
}) {
  const translate = useTranslate();
  const all = data.departure?.travelStops ?? [];
  if (!data.departure) return null;
  const select = (direction: 'outbound' | 'return', key: keyof QuickStops) => {
    const options = all.filter((stop) => stop.direction === direction);
    if (options.length === 0) return null;
    return (
      <TextField
        select
        fullWidth
        size="small"
        label={translate(`bookingWizard.directions.${direction}`)}
        value={stops[key] ?? ''}
        onChange={(event) =>
          onChange({ ...stops, [key]: event.target.value === '' ? null : Number(event.target.value) })
        }
      >
        <MenuItem value="">{translate('bookingWizard.seats.noStop')}</MenuItem>
        {options.map((stop) => (
          <MenuItem key={stop.id} value={stop.knotenhaltnr}>
            {[stop.time, stop.name, stop.surcharge ? `+${formatPrice(stop.surcharge)}` : null]
              .filter(Boolean)
              .join(' · ')}
          </MenuItem>
        ))}
      </TextField>
    );
  };
  const outbound = select('outbound', 'out');
  const back = select('return', 'back');
  if (!outbound && !back)
    return <Typography color="text.secondary">{translate('bookingWizard.quick.noStops')}</Typography>;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {outbound}
      {back}
    </Stack>
  );
}

/** Option or firm booking (a request when the date is on request, the waiting list when seats are short). */
function SaveAsRadios({ data }: { data: WizardData }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const saveAs = useWatch({ name: 'saveAs' }) as SaveAs;
  const count = ((useWatch({ name: 'teilnehmer' }) as WizardParticipant[]) ?? []).length;
  const free = data.departure ? freeSeats(data.departure) : null;
  const choices = quickSaveChoices(data.date?.bookable ?? 0, free, count);
  const value = effectiveSaveAs(saveAs, data, count);
  return (
    <Stack spacing={1}>
      <FormControl>
        <FormLabel id="quick-save-as">{translate('bookingWizard.summary.saveAs')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="quick-save-as"
          value={value}
          onChange={(event) => setValue('saveAs', event.target.value, { shouldDirty: true })}
        >
          {choices.map((status) => (
            <FormControlLabel
              key={status}
              value={status}
              control={<Radio />}
              label={translate(`bookingWizard.saveAs.${status}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {value === 'option' ? <DateInput source="option_until" label="bookingWizard.fields.optionUntil" /> : null}
      {free !== null && count > free && value === 'waitlist' ? (
        <Alert severity="warning">{translate('bookingWizard.summary.tooFewSeats', { free })}</Alert>
      ) : null}
    </Stack>
  );
}

/** The chosen way to save, or the first the date allows when the chosen one is not offered. */
function effectiveSaveAs(saveAs: SaveAs, data: WizardData, count: number): SaveAs {
  const free = data.departure ? freeSeats(data.departure) : null;
  const choices = quickSaveChoices(data.date?.bookable ?? 0, free, count);
  return choices.includes(saveAs) ? saveAs : choices[0]!;
}

function QuickBody({
  data,
  stops,
  setStops,
  blocker,
}: {
  data: WizardData;
  stops: QuickStops;
  setStops: (stops: QuickStops) => void;
  blocker: string | null;
}) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const total = totalCents(data.lines);
  return (
    <Card>
      <CardContent>
        <Stack spacing={3}>
          <Section id="quick-trip" title={translate('bookingWizard.quick.trip')}>
            <Stack spacing={2}>
              <JourneyStep />
              <DateSelect data={data} />
            </Stack>
          </Section>
          <Section id="quick-customer" title={translate('bookingWizard.steps.customer')}>
            <CustomerStep autoFocus={false} />
          </Section>
          <Section id="quick-participants" title={translate('bookingWizard.steps.participants')}>
            <Participants />
          </Section>
          <Section id="quick-stops" title={translate('bookingWizard.quick.stops')}>
            {data.departure ? (
              <StopSelects data={data} stops={stops} onChange={setStops} />
            ) : (
              <Typography color="text.secondary">{translate('bookingWizard.quick.chooseDateFirst')}</Typography>
            )}
          </Section>
          <SaveAsRadios data={data} />
          <Box aria-live="polite">{blocker ? <Alert severity="warning">{translate(blocker)}</Alert> : null}</Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography data-testid="quick-total">
              {translate('bookingWizard.summary.total')}: <strong>{formatPrice(total / 100)}</strong>
            </Typography>
            <Button type="submit" variant="contained" disabled={isSubmitting} startIcon={<SaveIcon />}>
              {translate('bookingWizard.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function QuickForm({ children }: { children: (data: WizardData) => ReactNode }) {
  const values = useWatch() as WizardValues;
  const data = useWizardData(withStops(values, { out: null, back: null }));
  return <>{children(data)}</>;
}

/**
 * /agencies/booking/index2: the agency's quick booking on one page — trip and date (free seats live), the
 * customer (found among the agency's own or new), how many travel with their names, one stop per direction,
 * option or firm booking; the same POST /ratio_vorgang as the wizard.
 */
function QuickBooking() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  const [record] = useState(() => ({ ...initialValues(new Date(), 7, locale), saveAs: 'option' as SaveAs }));
  const [stops, setStops] = useState<QuickStops>({ out: null, back: null });
  const [blocker, setBlocker] = useState<string | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const dataRef = useRef<WizardData | null>(null);

  const submit = async (raw: FieldValues) => {
    const chosen = raw as WizardValues;
    const values = { ...chosen, saveAs: effectiveSaveAs(chosen.saveAs, dataRef.current!, chosen.teilnehmer.length) };
    const reason = quickBlocker(values, dataRef.current?.date ?? null);
    setBlocker(reason);
    if (reason) return undefined;
    try {
      const booking = await api<Booking>('/ratio_vorgang', {
        method: 'POST',
        body: toBookingBody(withStops(values, stops), dataRef.current?.journey ?? null),
        headers: { 'Idempotency-Key': idempotencyKey.current },
      });
      notify('bookingWizard.saved', {
        type: 'info',
        messageArgs: { nr: booking.vorgangnr, name: booking.buchender?.name ?? '' },
      });
      navigate(bookingPageOf('agency', booking.id));
      return undefined;
    } catch (failure) {
      const { message, body } = failure as FailedRequest;
      await queryClient.invalidateQueries({ queryKey: ['booking-wizard'] });
      notify(message ?? 'error.unexpected', { type: 'error' });
      return body?.errors;
    }
  };

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('bookingWizard.quick.title')} />
      <Form record={record} noValidate onSubmit={submit}>
        <QuickForm>
          {(data) => {
            dataRef.current = data;
            return <QuickBody data={data} stops={stops} setStops={setStops} blocker={blocker} />;
          }}
        </QuickForm>
      </Form>
    </Box>
  );
}

export function QuickBookingPage() {
  return <RequireAgency titleKey="bookingWizard.quick.title">{() => <QuickBooking />}</RequireAgency>;
}
