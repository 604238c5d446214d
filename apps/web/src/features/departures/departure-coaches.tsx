import { useId, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Link,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useDebounce } from 'use-debounce';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate } from '@tourdesk/contracts/format';
import { STOP_DIRECTIONS, type StopDirection } from '@tourdesk/contracts/journeys.schema';
import { sellableSeats, type SeatLayout } from '@tourdesk/contracts/seat-plans.schema';
import { SeatGrid } from '../../shared/seat-grid.tsx';
import {
  departurePath,
  firstErrorMessage,
  toggleSeat,
  transportFromPlan,
  type DepartureValues,
} from './departure-form-logic.ts';
import { useCoachTrips, useDrivers, useSeatPlans } from './departure-queries.ts';
import { VehicleInput } from './vehicle-input.tsx';

const FIELDS = {
  display: 'grid',
  gap: { xs: 0, sm: 2 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** The seats of one coach; a click on a seat blocks it for this date, or frees it again. */
function BlockedSeats({ index }: { index: number }) {
  const translate = useTranslate();
  const headingId = useId();
  const { setValue } = useFormContext<DepartureValues>();
  const layout = useWatch<DepartureValues>({ name: `transports.${index}.layout` }) as SeatLayout;
  const blocked = (useWatch<DepartureValues>({ name: `transports.${index}.blocked_seats` }) as string[]) ?? [];
  const { errors } = useFormState<DepartureValues>({ name: `transports.${index}` });
  const transportErrors = errors.transports?.[index];
  const error = firstErrorMessage(transportErrors?.blocked_seats) ?? firstErrorMessage(transportErrors?.layout);
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={headingId} variant="subtitle2" component="h4">
        {translate('departures.coaches.blockedSeats', { count: blocked.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('departures.help.blockSeats')}
      </Typography>
      {error ? (
        <Typography role="alert" color="error" variant="body2">
          {translate(error)}
        </Typography>
      ) : null}
      <Box sx={{ overflowX: 'auto', mt: 1 }}>
        <SeatGrid
          layout={layout}
          blockedSeats={blocked}
          mode="pick"
          labelledBy={headingId}
          isPickable={(cell) => !cell.blocked}
          onCellClick={(cell) => {
            if (!cell.isSeat) return;
            setValue(`transports.${index}.blocked_seats`, toggleSeat(blocked, cell.txt), { shouldDirty: true });
          }}
        />
      </Box>
    </Box>
  );
}

/**
 * Under a coach's driver and vehicle: the other dates that driver drives, or that vehicle is, a coach on during this
 * date's days, as soon as the driver is chosen or the plate typed — a warning, not a refusal (a relief driver or a
 * change of bus may be arranged).
 */
function OnOtherTrips({ kind, value }: { kind: 'driver' | 'vehicle'; value: number | string | null }) {
  const translate = useTranslate();
  const nr = Number(useParams().nr);
  const { data: trips = [] } = useCoachTrips(nr, kind, value);
  if (value === null || trips.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid={`${kind}-elsewhere`}>
      {translate(`departures.coaches.${kind}Elsewhere`, { smart_count: trips.length })}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {trips.map((trip) => (
          <li key={trip.nr}>
            <Link component={RouterLink} to={departurePath(trip.id_jrn_journey, trip.nr)}>
              {trip.termincode}
            </Link>{' '}
            {trip.journeyTitle}, {formatDate(trip.date_from)} – {formatDate(trip.date_till)}: {trip.coaches.join(', ')}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** One coach: name, driver, vehicle, its plan, how many seats are sold of how many, and its blocked seats. */
function CoachCard({ index, onRemove }: { index: number; onRemove: () => void }) {
  const translate = useTranslate();
  const { data: drivers = [] } = useDrivers();
  const { data: plans = [] } = useSeatPlans();
  const transport = useWatch<DepartureValues>({ name: `transports.${index}` }) as DepartureValues['transports'][number];
  const plan = plans.find((candidate) => candidate.id === transport.id_seat_plan);
  const capacity = sellableSeats(transport.layout, transport.blocked_seats).length;
  const driverChoices = drivers.map((driver) => ({ id: driver.id_vc_card, name: driver.name }));
  // asked once the plate has not changed for a moment, not on every key
  const [vehicle] = useDebounce(transport.vehicle?.trim() || null, 400);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
            {transport.name || translate('departures.coaches.unnamed')}
          </Typography>
          <Tooltip title={translate('departures.actions.removeCoach')}>
            <IconButton aria-label={translate('departures.actions.removeCoach')} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid="coach-capacity">
          {translate('departures.coaches.plan', { name: plan?.name ?? '—' })} ·{' '}
          {translate('departures.coaches.capacity', { held: transport.held ?? 0, capacity })}
        </Typography>
        <Box sx={FIELDS}>
          <TextInput source={`transports.${index}.name`} label="departures.fields.coachName" isRequired />
          <SelectInput
            source={`transports.${index}.id_driver_card`}
            label="departures.fields.driver"
            choices={driverChoices}
            emptyText="departures.coaches.noDriver"
            parse={(value: unknown) => (value === '' ? null : value)}
          />
          <VehicleInput source={`transports.${index}.vehicle`} label="departures.fields.vehicle" />
        </Box>
        <OnOtherTrips kind="driver" value={transport.id_driver_card ?? null} />
        <OnOtherTrips kind="vehicle" value={vehicle} />
        <BlockedSeats index={index} />
      </CardContent>
    </Card>
  );
}

/** Picks an active seat plan and adds a coach made from it to a direction. */
function AddCoach({ direction, onAdd }: { direction: StopDirection; onAdd: (planId: number) => void }) {
  const translate = useTranslate();
  const { data: plans = [] } = useSeatPlans();
  const [planId, setPlanId] = useState<number | ''>('');
  const id = useId();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        id={id}
        select
        size="small"
        label={translate('departures.fields.seatPlan')}
        value={planId}
        onChange={(event) => setPlanId(Number(event.target.value))}
        sx={{ minWidth: 260 }}
      >
        {plans
          .filter((plan) => plan.active)
          .map((plan) => (
            <MenuItem key={plan.id} value={plan.id}>
              {translate('departures.coaches.planChoice', { name: plan.name, count: plan.seat_count })}
            </MenuItem>
          ))}
      </TextField>
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={planId === ''}
        onClick={() => {
          if (planId === '') return;
          onAdd(planId);
          setPlanId('');
        }}
      >
        {translate(`departures.actions.addCoach.${direction}`)}
      </Button>
    </Stack>
  );
}

/** Tab "coaches": per direction the coaches of the date, each from a seat plan. */
export function DepartureCoaches() {
  const translate = useTranslate();
  const { data: plans = [] } = useSeatPlans();
  const { fields, append, remove } = useFieldArray<DepartureValues, 'transports'>({ name: 'transports' });
  const { errors } = useFormState<DepartureValues>({ name: 'transports' });
  // A refusal of the whole list (a coach removed that still carries travellers) has no field of its own.
  const listError = errors.transports?.root?.message ?? errors.transports?.message;
  return (
    <Stack spacing={3}>
      {listError ? (
        <Typography role="alert" color="error">
          {translate(listError)}
        </Typography>
      ) : null}
      {STOP_DIRECTIONS.map((direction) => {
        const rows = fields
          .map((field, index) => ({ field, index }))
          .filter(({ field }) => field.direction === direction);
        return (
          <Box key={direction} component="section" aria-labelledby={`coaches-${direction}`}>
            <Typography id={`coaches-${direction}`} variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate(`departures.directions.${direction}`)}
            </Typography>
            {rows.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('departures.coaches.none')}
              </Typography>
            ) : null}
            {rows.map(({ field, index }) => (
              <CoachCard key={field.id} index={index} onRemove={() => remove(index)} />
            ))}
            <AddCoach
              direction={direction}
              onAdd={(planId) => {
                const plan = plans.find((candidate) => candidate.id === planId);
                if (plan) append(transportFromPlan(plan, direction, rows.length));
              }}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
