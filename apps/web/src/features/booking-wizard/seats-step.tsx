import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatPrice } from '@tourdesk/contracts/format';
import type { SeatMap } from '@tourdesk/contracts/departures.schema';
import type { StopDirection } from '@tourdesk/contracts/journeys.schema';
import type { SeatCell } from '@tourdesk/contracts/seat-plans.schema';
import { SeatGrid, SeatGridLegend } from '../../shared/seat-grid.tsx';
import type { WizardData } from './wizard-data.ts';
import { fullName, type WizardParticipant } from './wizard-logic.ts';

type Transport = SeatMap['transports'][number];

/** The participant's fields of one direction. */
const FIELDS = {
  outbound: { stop: 'zustieghin', seat: 'sitzhin', bus: 'bushin' },
  return: { stop: 'zustiegrueck', seat: 'sitzrueck', bus: 'busrueck' },
} as const;

const placeOf = (participant: WizardParticipant, direction: StopDirection) => {
  const fields = FIELDS[direction];
  return { stop: participant[fields.stop], seat: participant[fields.seat], bus: participant[fields.bus] ?? 1 };
};

/** Step 6: per direction each participant's travel stop, and their seat picked on the coach's plan. */
export function SeatsStep({ data }: { data: WizardData }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const participants = (useWatch({ name: 'teilnehmer' }) ?? []) as WizardParticipant[];
  const [direction, setDirection] = useState<StopDirection>('outbound');
  // The first participant without a seat on the way out is up first.
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      participants.findIndex((participant) => !participant.sitzhin),
    ),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const listId = useId();
  const fields = FIELDS[direction];
  const stops = (data.departure?.travelStops ?? [])
    .filter((stop) => stop.direction === direction)
    .sort((a, b) => a.knotenhaltnr - b.knotenhaltnr);
  const coaches = (data.seatMap?.transports ?? [])
    .filter((transport) => transport.direction === direction)
    .sort((a, b) => a.position - b.position);
  const set = (index: number, field: string, value: unknown) =>
    setValue(`teilnehmer.${index}.${field}`, value, { shouldDirty: true });

  const pick = (transport: Transport, cell: SeatCell) => {
    if (!cell.isSeat) return;
    const owner = participants.findIndex((participant) => {
      const place = placeOf(participant, direction);
      return place.seat === cell.txt && place.bus === transport.position;
    });
    if (owner === active) {
      set(active, fields.seat, null);
      set(active, fields.bus, null);
      setNotice(translate('bookingWizard.seats.released', { seat: cell.txt }));
      return;
    }
    if (owner >= 0) {
      setActive(owner);
      return;
    }
    const participant = participants[active];
    if (!participant) return;
    set(active, fields.seat, cell.txt);
    set(active, fields.bus, transport.position);
    setNotice(
      translate('bookingWizard.seats.taken', { name: fullName(participant) || `#${active + 1}`, seat: cell.txt }),
    );
    // On to the next participant without a seat in this direction.
    const next = participants.findIndex((candidate, index) => index !== active && !placeOf(candidate, direction).seat);
    if (next >= 0) setActive(next);
  };

  const sameStopForAll = () => {
    const stop = participants[active] ? placeOf(participants[active], direction).stop : null;
    participants.forEach((_participant, index) => set(index, fields.stop, stop));
  };

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={direction}
        onChange={(_event, value: StopDirection | null) => {
          if (!value) return;
          setDirection(value);
          setNotice(null);
        }}
        aria-label={translate('bookingWizard.seats.direction')}
      >
        <ToggleButton value="outbound">{translate('bookingWizard.directions.outbound')}</ToggleButton>
        <ToggleButton value="return">{translate('bookingWizard.directions.return')}</ToggleButton>
      </ToggleButtonGroup>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Card variant="outlined" sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
          <CardContent>
            <Typography id={listId} variant="subtitle1" component="h3">
              {translate('bookingWizard.seats.participants')}
            </Typography>
            <List dense disablePadding aria-labelledby={listId}>
              {participants.map((participant, index) => {
                const place = placeOf(participant, direction);
                const name = fullName(participant) || `#${index + 1}`;
                return (
                  <ListItem key={index} disablePadding sx={{ display: 'block', mb: 1 }}>
                    <ListItemButton
                      selected={index === active}
                      aria-pressed={index === active}
                      onClick={() => setActive(index)}
                    >
                      <ListItemText
                        primary={name}
                        secondary={
                          place.seat
                            ? translate('bookingWizard.seats.onSeat', { seat: place.seat })
                            : translate('bookingWizard.seats.noSeat')
                        }
                      />
                    </ListItemButton>
                    <TextField
                      select
                      fullWidth
                      size="small"
                      label={translate('bookingWizard.seats.stopOf', { name })}
                      value={place.stop ?? ''}
                      disabled={stops.length === 0}
                      onChange={(event) =>
                        set(index, fields.stop, event.target.value === '' ? null : Number(event.target.value))
                      }
                      sx={{ mt: 0.5 }}
                    >
                      <MenuItem value="">{translate('bookingWizard.seats.noStop')}</MenuItem>
                      {stops.map((stop) => (
                        <MenuItem key={stop.id} value={stop.knotenhaltnr}>
                          {`${stop.name}${stop.time ? ` ${stop.time}` : ''}${stop.surcharge ? ` (+${formatPrice(stop.surcharge)})` : ''}`}
                        </MenuItem>
                      ))}
                    </TextField>
                  </ListItem>
                );
              })}
            </List>
            {participants.length > 1 && stops.length > 0 ? (
              <Box>
                <Typography
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={sameStopForAll}
                  sx={{ border: 0, background: 'none', color: 'primary.main', cursor: 'pointer', p: 0 }}
                >
                  {translate('bookingWizard.seats.sameStop')}
                </Typography>
              </Box>
            ) : null}
          </CardContent>
        </Card>
        <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <Typography color="text.secondary">
            {translate('bookingWizard.seats.help', {
              name: participants[active] ? fullName(participants[active]) || `#${active + 1}` : '',
            })}
          </Typography>
          <Box aria-live="polite">{notice ? <Alert severity="info">{notice}</Alert> : null}</Box>
          {coaches.length === 0 ? (
            <Typography color="text.secondary">{translate('bookingWizard.seats.noCoaches')}</Typography>
          ) : (
            <SeatGridLegend states={['free', 'taken', 'blocked', 'selected', 'mine']} />
          )}
          {coaches.map((transport) => (
            <Coach
              key={transport.id}
              transport={transport}
              direction={direction}
              participants={participants}
              active={active}
              onPick={pick}
            />
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}

function Coach({
  transport,
  direction,
  participants,
  active,
  onPick,
}: {
  transport: Transport;
  direction: StopDirection;
  participants: WizardParticipant[];
  active: number;
  onPick: (transport: Transport, cell: SeatCell) => void;
}) {
  const headingId = useId();
  const ours = participants.flatMap((participant, index) => {
    const place = placeOf(participant, direction);
    return place.seat && place.bus === transport.position
      ? [{ seat: place.seat, name: fullName(participant) || `#${index + 1}`, mine: true, index }]
      : [];
  });
  const activeSeat = ours.find((occupant) => occupant.index === active)?.seat;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {transport.name}
        </Typography>
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <SeatGrid
            layout={transport.layout}
            blockedSeats={transport.blocked_seats}
            occupants={[
              ...transport.occupants.map((occupant) => ({ seat: occupant.seat, name: occupant.name })),
              ...ours.map(({ seat, name }) => ({ seat, name, mine: true })),
            ]}
            selected={activeSeat ? [activeSeat] : []}
            mode="pick"
            labelledBy={headingId}
            onCellClick={(cell) => onPick(transport, cell)}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
