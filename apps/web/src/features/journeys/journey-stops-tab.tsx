import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Autocomplete, Box, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { Button, NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { BoardingPoint, StopGroup } from '@tourdesk/contracts/boarding-points.schema';
import { STOP_DIRECTIONS, type StopDirection } from '@tourdesk/contracts/journeys.schema';
import { PriceInput } from '../../ui/price-input.tsx';
import { useBoardingPoints, useStopGroups } from './journey-refs.ts';

/** A stop row as the form keeps it: the API's fields plus the name and city shown. */
type StopRow = {
  id?: number | null;
  id_zus_zustiege: number;
  name?: string;
  city?: string | null;
  direction: StopDirection;
  time?: string | null;
  day_offset?: number | null;
  surcharge?: number | null;
};

const stopLabel = (stop: { name: string; city?: string | null }) =>
  stop.city && !stop.name.includes(stop.city) ? `${stop.name} (${stop.city})` : stop.name;

const newRow = (point: Pick<BoardingPoint, 'id' | 'name' | 'city'>, direction: StopDirection): StopRow => ({
  id_zus_zustiege: point.id,
  name: point.name,
  city: point.city,
  direction,
  time: null,
  day_offset: 0,
  surcharge: 0,
});

const ROW = {
  display: 'grid',
  gap: 1,
  alignItems: 'center',
  gridTemplateColumns: { xs: '1fr', md: 'minmax(180px, 2fr) 110px 110px 150px auto' },
} as const;

/** Adds one boarding point, or every stop of a group in the group's order, to a direction. */
function AddStops({
  direction,
  onAdd,
  present,
}: {
  direction: StopDirection;
  onAdd: (rows: StopRow[]) => void;
  present: ReadonlySet<number>;
}) {
  const translate = useTranslate();
  const points = useBoardingPoints();
  const groups = useStopGroups();
  const [point, setPoint] = useState<BoardingPoint | null>(null);
  const [group, setGroup] = useState<StopGroup | null>(null);
  const addPoint = () => {
    if (point) onAdd([newRow(point, direction)]);
    setPoint(null);
  };
  const addGroup = () => {
    if (group)
      onAdd(
        group.zustiege
          .filter((member) => !present.has(member.id_zus_zustiege))
          .map((member) => newRow({ id: member.id_zus_zustiege, name: member.name, city: member.city }, direction)),
      );
    setGroup(null);
  };
  const direction_ = translate(`journeys.directions.${direction}`);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
      <Autocomplete
        size="small"
        sx={{ width: 280 }}
        options={(points.data ?? []).filter((candidate) => !present.has(candidate.id))}
        getOptionLabel={stopLabel}
        value={point}
        onChange={(_event, value) => setPoint(value)}
        loading={points.isPending}
        renderInput={(params) => (
          <TextField {...params} label={translate('journeys.actions.pickStop', { direction: direction_ })} />
        )}
      />
      <Button label="journeys.actions.addStop" onClick={addPoint} disabled={!point}>
        <AddIcon />
      </Button>
      <Autocomplete
        size="small"
        sx={{ width: 280 }}
        options={groups.data ?? []}
        getOptionLabel={(option) => option.name}
        value={group}
        onChange={(_event, value) => setGroup(value)}
        loading={groups.isPending}
        renderInput={(params) => (
          <TextField {...params} label={translate('journeys.actions.pickGroup', { direction: direction_ })} />
        )}
      />
      <Button label="journeys.actions.addGroup" onClick={addGroup} disabled={!group}>
        <PlaylistAddIcon />
      </Button>
    </Box>
  );
}

type StopsArray = Pick<ReturnType<typeof useFieldArray>, 'append' | 'remove' | 'swap'> & {
  rows: Array<StopRow & { key: string }>;
};

/** One direction's stops in their order, each with pick-up time, day offset and surcharge. */
function DirectionStops({ direction, rows, append, remove, swap }: StopsArray & { direction: StopDirection }) {
  const translate = useTranslate();
  // Indexes into the whole list, of this direction's rows, in order.
  const mine = rows.flatMap((row, index) => (row.direction === direction ? [index] : []));
  const present = new Set(mine.map((index) => rows[index]!.id_zus_zustiege));
  const title = translate(`journeys.directions.${direction}`);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, width: '100%', maxWidth: 960 }} component="section">
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {title}
      </Typography>
      {mine.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('journeys.help.noStops')}
        </Typography>
      ) : null}
      <Stack spacing={0.5}>
        {mine.map((index, place) => {
          const row = rows[index]!;
          const name = stopLabel({ name: row.name ?? `#${row.id_zus_zustiege}`, city: row.city });
          return (
            <Box key={row.key} sx={ROW} data-testid={`stop-${direction}-${place}`}>
              <Typography variant="body2">
                {place + 1}. {name}
              </Typography>
              <TextInput
                source={`stops.${index}.time`}
                label="journeys.fields.time"
                placeholder="08:30"
                helperText={false}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <NumberInput
                source={`stops.${index}.day_offset`}
                label="journeys.fields.day_offset"
                min={-1}
                max={14}
                step={1}
                helperText={false}
              />
              <PriceInput source={`stops.${index}.surcharge`} label="journeys.fields.surcharge" helperText={false} />
              <Box sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={translate('journeys.actions.moveUp')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`${name}: ${translate('journeys.actions.moveUp')}`}
                      disabled={place === 0}
                      onClick={() => swap(index, mine[place - 1]!)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={translate('journeys.actions.moveDown')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`${name}: ${translate('journeys.actions.moveDown')}`}
                      disabled={place === mine.length - 1}
                      onClick={() => swap(index, mine[place + 1]!)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={translate('ra.action.remove')}>
                  <IconButton
                    size="small"
                    aria-label={`${name}: ${translate('ra.action.remove')}`}
                    onClick={() => remove(index)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          );
        })}
      </Stack>
      <AddStops direction={direction} present={present} onAdd={(added) => append(added)} />
    </Paper>
  );
}

/**
 * Tab "boarding points": per direction (outbound, return) the stops this journey offers, added one by one
 * or as a whole stop group, ordered, each with pick-up time (HH:mm), day offset and surcharge.
 */
export function JourneyStopInputs() {
  const { control } = useFormContext();
  // One field array for both directions: the API keeps one list, and its errors (`stops.3.time`) name its rows.
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'stops', keyName: 'key' });
  const rows = fields as unknown as StopsArray['rows'];
  return (
    <>
      {STOP_DIRECTIONS.map((direction) => (
        <DirectionStops key={direction} direction={direction} rows={rows} append={append} remove={remove} swap={swap} />
      ))}
    </>
  );
}
