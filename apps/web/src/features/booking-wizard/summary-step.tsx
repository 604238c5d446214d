import {
  Alert,
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { DOCUMENT_LANGUAGES } from '@tourdesk/contracts/bookings.schema';
import { useController, useWatch } from 'react-hook-form';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { DateInput } from '../../ui/date-input.tsx';
import type { WizardData } from './wizard-data.ts';
import { saveChoicesOf, useWizardMode } from './wizard-mode.ts';
import {
  freeSeats,
  fullName,
  HOLDING_SAVE,
  totalCents,
  type SaveAs,
  type WizardParticipant,
  type WizardValues,
} from './wizard-logic.ts';

const euro = (cents: number) => formatPrice(cents / 100);

/** What the booking is saved as: draft (the office only), request, option (until a day), waiting list or firm. */
function SaveAsChoice() {
  const translate = useTranslate();
  const { field } = useController({ name: 'saveAs' });
  const choices = saveChoicesOf(useWizardMode());
  return (
    <FormControl>
      <FormLabel id="wizard-save-as">{translate('bookingWizard.summary.saveAs')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="wizard-save-as"
        name={field.name}
        value={field.value as string}
        onChange={(event) => field.onChange(event.target.value)}
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
  );
}

/** Step 7: everything at a glance — booker, trip, participants with stops and seats, every price line, total. */
export function SummaryStep({ data }: { data: WizardData }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const values = useWatch() as WizardValues;
  const saveAs = values.saveAs as SaveAs;
  const date = data.date;
  const stopName = (direction: 'outbound' | 'return', nr: number | null) =>
    nr
      ? (data.departure?.travelStops.find((s) => s.direction === direction && s.knotenhaltnr === nr)?.name ?? nr)
      : '—';
  const free = data.departure ? freeSeats(data.departure) : null;
  const nameOf = (participant: WizardParticipant) =>
    [participant.anrede, participant.titel, fullName(participant)].filter(Boolean).join(' ');
  const placeOf = (participant: WizardParticipant, direction: 'outbound' | 'return') => {
    const [stop, seat] =
      direction === 'outbound'
        ? [participant.zustieghin, participant.sitzhin]
        : [participant.zustiegrueck, participant.sitzrueck];
    return `${stopName(direction, stop)}${seat ? ` · ${translate('bookingWizard.seats.onSeat', { seat })}` : ''}`;
  };
  const short = free !== null && HOLDING_SAVE.includes(saveAs) && values.teilnehmer.length > free;
  const booker = values.buchender.id_vc_card
    ? values.buchender.label
    : [values.buchender.firstName, values.buchender.surname].filter(Boolean).join(' ');
  return (
    <Stack spacing={3}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        <Typography component="dt" color="text.secondary">
          {translate('bookingWizard.summary.booker')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {booker}
          {values.newBooker ? ` (${translate('bookingWizard.summary.newCustomer')})` : ''}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {translate('bookingWizard.summary.trip')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {data.journey?.title}
          {date ? ` · ${date.termincode} · ${formatDate(date.date_from)} – ${formatDate(date.date_till)}` : ''}
        </Typography>
      </Box>

      <section aria-labelledby="wizard-summary-participants">
        <Typography id="wizard-summary-participants" variant="subtitle1" component="h3">
          {translate('bookingWizard.summary.participants', { smart_count: values.teilnehmer.length })}
        </Typography>
        {phone ? (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {values.teilnehmer.map((participant, index) => (
              <Box component="li" key={index} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography sx={{ fontWeight: 500 }}>
                  {nameOf(participant)}
                  {participant.geburtstag ? ` · ${formatDate(participant.geburtstag)}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('bookingWizard.directions.outbound')}: {placeOf(participant, 'outbound')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('bookingWizard.directions.return')}: {placeOf(participant, 'return')}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <Table size="small" aria-labelledby="wizard-summary-participants">
            <TableHead>
              <TableRow>
                <TableCell>{translate('bookingWizard.summary.name')}</TableCell>
                <TableCell>{translate('bookingWizard.fields.geburtstag')}</TableCell>
                <TableCell>{translate('bookingWizard.directions.outbound')}</TableCell>
                <TableCell>{translate('bookingWizard.directions.return')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {values.teilnehmer.map((participant, index) => (
                <TableRow key={index}>
                  <TableCell>{nameOf(participant)}</TableCell>
                  <TableCell>{formatDate(participant.geburtstag)}</TableCell>
                  <TableCell>{placeOf(participant, 'outbound')}</TableCell>
                  <TableCell>{placeOf(participant, 'return')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="wizard-summary-prices">
        <Typography id="wizard-summary-prices" variant="subtitle1" component="h3">
          {translate('bookingWizard.summary.prices')}
        </Typography>
        <Table size="small" aria-labelledby="wizard-summary-prices">
          <TableHead>
            <TableRow>
              <TableCell>{translate('bookingWizard.summary.line')}</TableCell>
              <TableCell align="right">{translate('bookingWizard.summary.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.lines.map((line, index) => (
              <TableRow key={index}>
                <TableCell>
                  {line.direction ? `${translate(`bookingWizard.directions.${line.direction}`)}: ` : ''}
                  {line.description}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {euro(line.amount_cents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell sx={{ fontWeight: 700, color: 'text.primary', fontSize: '1rem' }}>
                {translate('bookingWizard.summary.total')}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: 700, color: 'text.primary', fontSize: '1rem', whiteSpace: 'nowrap' }}
              >
                {euro(totalCents(data.lines))}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
        <Typography variant="caption" color="text.secondary">
          {translate('bookingWizard.summary.pricesNote')}
        </Typography>
      </section>

      <SaveAsChoice />
      {saveAs === 'option' ? (
        <Box sx={{ maxWidth: 260 }}>
          <DateInput source="option_until" label="bookingWizard.fields.optionUntil" />
        </Box>
      ) : null}
      {short ? <Alert severity="warning">{translate('bookingWizard.summary.tooFewSeats', { free })}</Alert> : null}
      {date && date.bookable === 1 && saveAs !== 'request' ? (
        <Alert severity="info">{translate('bookingWizard.summary.onRequest')}</Alert>
      ) : null}
      <SelectInput
        source="language"
        label="bookingWizard.fields.language"
        choices={DOCUMENT_LANGUAGES.map((id) => ({ id, name: `bookingWizard.languages.${id}` }))}
        validate={required('error.empty')}
        sx={{ maxWidth: 260 }}
      />
      <TextInput source="comment" label="bookingWizard.fields.comment" multiline minRows={2} fullWidth />
    </Stack>
  );
}
