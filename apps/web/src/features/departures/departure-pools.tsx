import { Box, Stack, Typography } from '@mui/material';
import { NumberInput, useTranslate } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { Departure } from '@tourdesk/contracts/departures.schema';
import type { DepartureValues } from './departure-form-logic.ts';
import { OccupancyBar } from './occupancy-bar.tsx';

const ROW = {
  display: 'grid',
  gap: 2,
  alignItems: 'center',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(160px, 2fr) 140px minmax(160px, 2fr)' },
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
} as const;

/** A room or extra pool with its editable capacity. */
function QuotaRow({ index }: { index: number }) {
  const translate = useTranslate();
  const quota = useWatch<DepartureValues>({ name: `quotas.${index}` }) as DepartureValues['quotas'][number];
  const capacity = typeof quota.capacity === 'number' ? quota.capacity : 0;
  return (
    <Box sx={ROW} data-testid="quota-row">
      <Typography>{quota.name}</Typography>
      <NumberInput source={`quotas.${index}.capacity`} label="departures.fields.capacity" step={1} min={0} />
      <OccupancyBar
        label={translate('departures.pools.barLabel', { name: quota.name })}
        held={quota.held}
        capacity={capacity}
      />
    </Box>
  );
}

/**
 * Tab "pools" (Kontingente): the seats of each coach (as its plan and blocked seats give them, read-only),
 * and the rooms per room type and limited extras, whose capacity can be changed (never below what is held).
 */
export function DeparturePools({ departure }: { departure: Departure }) {
  const translate = useTranslate();
  const { fields } = useFieldArray<DepartureValues, 'quotas'>({ name: 'quotas' });
  const seatPools = departure.quotas.filter((quota) => quota.kind === 'seat');
  return (
    <Stack spacing={3}>
      {(['seat', 'room', 'extra'] as const).map((kind) => {
        const rows = fields.map((field, index) => ({ field, index })).filter(({ field }) => field.kind === kind);
        const count = kind === 'seat' ? seatPools.length : rows.length;
        return (
          <Box key={kind} component="section" aria-labelledby={`pools-${kind}`}>
            <Typography id={`pools-${kind}`} variant="h6" component="h2">
              {translate(`departures.pools.${kind}`)}
            </Typography>
            {count === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('departures.pools.none')}
              </Typography>
            ) : null}
            {kind === 'seat'
              ? seatPools.map((quota) => (
                  <Box key={quota.id} sx={ROW} data-testid="quota-row">
                    <Typography>{quota.name}</Typography>
                    <Typography>{translate('departures.pools.seats', { capacity: quota.capacity })}</Typography>
                    <OccupancyBar
                      label={translate('departures.pools.barLabel', { name: quota.name })}
                      held={quota.held}
                      capacity={quota.capacity}
                    />
                  </Box>
                ))
              : rows.map(({ field, index }) => <QuotaRow key={field.id} index={index} />)}
          </Box>
        );
      })}
    </Stack>
  );
}
