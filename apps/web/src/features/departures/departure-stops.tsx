import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { AutocompleteInput, NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { STOP_DIRECTIONS, type StopDirection } from '@tourdesk/contracts/journeys.schema';
import { PriceInput } from '../../ui/price-input.tsx';
import { nextStopNumber, type DepartureValues, type TravelStopValues } from './departure-form-logic.ts';
import { useBoardingPoints } from './departure-queries.ts';

const ROW = {
  display: 'grid',
  gap: 1,
  alignItems: 'center',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '90px minmax(200px, 2fr) 110px 100px 130px 90px auto' },
} as const;

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** One travel stop: its number on the date, the boarding point, time, day offset and surcharge. */
function StopRow({ index, travellers, onRemove }: { index: number; travellers: number; onRemove: () => void }) {
  const translate = useTranslate();
  const { data: points = [] } = useBoardingPoints();
  const choices = points.map((point) => ({
    id: point.id,
    name: point.city && !point.name.includes(point.city) ? `${point.name} (${point.city})` : point.name,
  }));
  return (
    <Box sx={ROW} data-testid="travel-stop-row">
      <NumberInput source={`travelStops.${index}.knotenhaltnr`} label="departures.fields.knotenhaltnr" step={1} />
      <AutocompleteInput
        source={`travelStops.${index}.id_zus_zustiege`}
        label="departures.fields.boardingPoint"
        choices={choices}
        isRequired
      />
      <TextInput
        source={`travelStops.${index}.time`}
        label="departures.fields.time"
        placeholder="08:30"
        parse={emptyToNull}
      />
      <NumberInput source={`travelStops.${index}.day_offset`} label="departures.fields.dayOffset" step={1} min={0} />
      <PriceInput source={`travelStops.${index}.surcharge`} label="departures.fields.surcharge" />
      <Typography variant="body2" color="text.secondary">
        {translate('departures.stops.travellers', { smart_count: travellers })}
      </Typography>
      <Tooltip title={translate('departures.actions.removeStop')}>
        <IconButton aria-label={translate('departures.actions.removeStop')} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * Tab "travel stops": per direction the date's numbered boarding points. "Take the journey's stops" saves the
 * form and adds the journey's offered stops the date lacks, numbered with the next free numbers.
 */
export function DepartureStops({ onFromJourney }: { onFromJourney: (values: DepartureValues) => Promise<unknown> }) {
  const translate = useTranslate();
  const { getValues } = useFormContext<DepartureValues>();
  const { fields, append, remove } = useFieldArray<DepartureValues, 'travelStops'>({ name: 'travelStops' });
  const add = (direction: StopDirection) => {
    const stop: TravelStopValues = {
      id_zus_zustiege: null,
      direction,
      knotenhaltnr: nextStopNumber(getValues('travelStops'), direction),
      time: null,
      day_offset: 0,
      surcharge: 0,
    };
    append(stop);
  };
  return (
    <Stack spacing={3}>
      <Box>
        <Button variant="outlined" startIcon={<PlaylistAddIcon />} onClick={() => void onFromJourney(getValues())}>
          {translate('departures.actions.stopsFromJourney')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('departures.help.stopsFromJourney')}
        </Typography>
      </Box>
      {STOP_DIRECTIONS.map((direction) => {
        const rows = fields
          .map((field, index) => ({ field, index }))
          .filter(({ field }) => field.direction === direction);
        return (
          <Box key={direction} component="section" aria-labelledby={`stops-${direction}`}>
            <Typography id={`stops-${direction}`} variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate(`departures.directions.${direction}`)}
            </Typography>
            {rows.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('departures.stops.none')}
              </Typography>
            ) : null}
            {rows.map(({ field, index }) => (
              <StopRow key={field.id} index={index} travellers={field.travellers ?? 0} onRemove={() => remove(index)} />
            ))}
            <Button startIcon={<AddIcon />} onClick={() => add(direction)}>
              {translate(`departures.actions.addStop.${direction}`)}
            </Button>
          </Box>
        );
      })}
    </Stack>
  );
}
