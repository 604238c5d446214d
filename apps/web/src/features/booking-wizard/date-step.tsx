import {
  Alert,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDate } from '@tourdesk/contracts/format';
import type { WizardData } from './wizard-data.ts';

const BOOKABLE_COLORS = ['success', 'warning', 'default'] as const;

/** The date's pools (coach seats, rooms, extras) with what is free now; asked again every few seconds. */
function Pools({ data }: { data: WizardData }) {
  const translate = useTranslate();
  if (data.departurePending) return <PageLoading />;
  const quotas = data.departure?.quotas ?? [];
  if (quotas.length === 0)
    return <Typography color="text.secondary">{translate('bookingWizard.date.noPools')}</Typography>;
  return (
    <Table size="small" aria-label={translate('bookingWizard.date.pools')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('bookingWizard.date.pool')}</TableCell>
          <TableCell align="right">{translate('bookingWizard.date.capacity')}</TableCell>
          <TableCell align="right">{translate('bookingWizard.date.free')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {quotas.map((quota) => (
          <TableRow key={quota.id}>
            <TableCell>
              {translate(`bookingWizard.poolKinds.${quota.kind}`)}: {quota.name}
            </TableCell>
            <TableCell align="right">{quota.capacity}</TableCell>
            <TableCell align="right">
              <Chip
                size="small"
                color={quota.free === 0 ? 'error' : quota.free < 5 ? 'warning' : 'success'}
                label={quota.free}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Step 3: the departure date, each with its free seats; the chosen one shows every pool. */
export function DateStep({ data }: { data: WizardData }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const termin = useWatch({ name: 'termin' }) as number | null;
  if (data.journeyPending) return <PageLoading />;
  const today = new Date().toISOString().slice(0, 10);
  const dates = (data.journey?.dates ?? [])
    .filter((date) => date.date_from >= today)
    .sort((a, b) => a.date_from.localeCompare(b.date_from));
  if (dates.length === 0) return <Alert severity="info">{translate('bookingWizard.date.none')}</Alert>;
  const occupancyOf = (nr: number) => data.occupancy?.find((row) => row.nr === nr);
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="wizard-date-label">{translate('bookingWizard.date.choose')}</FormLabel>
        <RadioGroup
          aria-labelledby="wizard-date-label"
          value={termin ?? ''}
          onChange={(event) => {
            setValue('termin', Number(event.target.value), { shouldDirty: true });
            setValue('extraUnits', [], { shouldDirty: true });
          }}
        >
          {dates.map((date) => {
            const occupancy = occupancyOf(date.nr);
            const free = occupancy ? occupancy.seats.capacity - occupancy.seats.held : null;
            return (
              <FormControlLabel
                key={date.nr}
                value={date.nr}
                control={<Radio />}
                disabled={date.bookable === 2}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}>
                    <Typography component="span" sx={{ fontWeight: 500 }}>
                      {formatDate(date.date_from)} – {formatDate(date.date_till)}
                    </Typography>
                    <Typography component="span" color="text.secondary">
                      {date.termincode}
                    </Typography>
                    <Typography component="span">
                      {free === null || occupancy?.seats.capacity === 0
                        ? translate('bookingWizard.date.notPlanned')
                        : translate('bookingWizard.date.seatsFree', {
                            free,
                            capacity: occupancy?.seats.capacity ?? 0,
                          })}
                    </Typography>
                    {date.bookable !== 0 ? (
                      <Chip
                        size="small"
                        color={BOOKABLE_COLORS[date.bookable] ?? 'default'}
                        label={translate(`bookingWizard.bookable.${date.bookable}`)}
                      />
                    ) : null}
                    {occupancy && occupancy.waitlist > 0 ? (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={translate('bookingWizard.date.waitlist', { smart_count: occupancy.waitlist })}
                      />
                    ) : null}
                  </Stack>
                }
              />
            );
          })}
        </RadioGroup>
      </FormControl>
      {termin && data.date ? (
        <section aria-labelledby="wizard-pools-heading">
          <Typography id="wizard-pools-heading" variant="subtitle1" component="h3">
            {translate('bookingWizard.date.poolsOf', { code: data.date.termincode })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('bookingWizard.date.live')}
          </Typography>
          <Pools data={data} />
        </section>
      ) : null}
    </Stack>
  );
}
