import EventSeatIcon from '@mui/icons-material/EventSeat';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import { Box, Button } from '@mui/material';
import {
  ArrayInput,
  FormDataConsumer,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { DateInput } from '../../ui/date-input.tsx';
import { PriceInput } from '../../ui/price-input.tsx';
import { bookableChoices, priceCategoryChoices, roomKindChoices } from './journey-choices.ts';

const DATE_ROW = {
  display: 'grid',
  gap: { xs: 0, sm: 2 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(4, minmax(0, 1fr))' },
  width: '100%',
  maxWidth: 960,
} as const;

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Opens the departure screen of a saved date (coaches, stops, pools, seats); a new date has none yet. */
function PlanDepartureButton({ journeyId, nr }: { journeyId: unknown; nr: unknown }) {
  const translate = useTranslate();
  if (typeof journeyId !== 'number' || typeof nr !== 'number') return null;
  return (
    <Button
      component={Link}
      to={`/internet/journeys/${journeyId}/dates/${nr}`}
      size="small"
      startIcon={<EventSeatIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {translate('departures.actions.planDeparture')}
    </Button>
  );
}

/** The occupancy of every saved date of the journey. */
function OccupancyLink({ journeyId }: { journeyId: unknown }) {
  const translate = useTranslate();
  if (typeof journeyId !== 'number') return null;
  return (
    <Button component={Link} to={`/internet/journeys/${journeyId}/occupancy`} startIcon={<LeaderboardIcon />}>
      {translate('departures.actions.occupancy')}
    </Button>
  );
}

/**
 * Tab "dates/prices": each departure with its termincode (unique in the journey), first and last day
 * (DD.MM.YYYY, 1 to 14 days), bookable status and price lines in euro.
 */
export function JourneyDateInputs() {
  // Inside the iterator the record context is the date's row: the journey's id is read out here.
  const journeyId = useRecordContext()?.id;
  return (
    <>
      <OccupancyLink journeyId={journeyId} />
      <ArrayInput source="dates" label="journeys.fields.dates">
        <SimpleFormIterator fullWidth disableClear disableReordering>
          <Box sx={DATE_ROW}>
            <TextInput source="termincode" label="journeys.fields.termincode" isRequired />
            <DateInput source="date_from" label="journeys.fields.date_from" isRequired />
            <DateInput source="date_till" label="journeys.fields.date_till" isRequired />
            <SelectInput
              source="bookable"
              label="journeys.fields.bookable"
              choices={bookableChoices}
              defaultValue={0}
            />
          </Box>
          <FormDataConsumer>
            {({ scopedFormData }) => <PlanDepartureButton journeyId={journeyId} nr={scopedFormData?.nr} />}
          </FormDataConsumer>
          <ArrayInput source="prices" label="journeys.fields.prices">
            <SimpleFormIterator inline disableClear>
              <SelectInput
                source="category"
                label="journeys.fields.priceCategory"
                choices={priceCategoryChoices}
                defaultValue="adult"
              />
              <SelectInput
                source="room_kind"
                label="journeys.fields.roomKind"
                choices={roomKindChoices}
                emptyText="options.none"
                parse={emptyToNull}
              />
              <TextInput source="description" label="journeys.fields.priceDescription" isRequired />
              <PriceInput source="amount" label="journeys.fields.amount" isRequired />
              <PriceInput source="additional_price" label="journeys.fields.additional_price" />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
