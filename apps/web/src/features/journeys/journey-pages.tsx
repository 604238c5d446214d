import { Button, Create, Edit, TopToolbar, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import type { Journey } from '@tourdesk/contracts/journeys.schema';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { JourneyForm } from './journey-form.tsx';
import { createJourneyResolver, updateJourneyResolver } from './journey-validation.ts';

const journeyTitle = (record: Journey) => record.title;

/** What a new journey starts with: no status, bookable, offline, no parts yet. */
const NEW_JOURNEY = {
  catalog_state: 0,
  bookable: 0,
  online: false,
  countries: [],
  detail: {},
  days: [],
  accommodations: [],
  dates: [],
  extras: [],
  stops: [],
};

/** /internet/journeys/create: the editor for a new journey; after saving it opens the saved one. */
export function JourneyCreate() {
  const saved = useSavedNotice('journeys.notifications.saved', journeyTitle, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <JourneyForm resolver={createJourneyResolver} defaultValues={NEW_JOURNEY} />
    </Create>
  );
}

/** The journey's on-board menu (features/travel-menu, whose messages name the button). */
function TravelMenuButton() {
  const record = useRecordContext<Journey>();
  return record ? (
    <Button component={Link} to={`/internet/journeys/${record.id}/travel-menu`} label="travelMenu.staff.open">
      <RestaurantMenuIcon />
    </Button>
  ) : null;
}

/** /internet/journeys/{id}: the whole journey in eight tabs, saved at once. */
export function JourneyEdit() {
  const saved = useSavedNotice('journeys.notifications.saved', journeyTitle);
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={saved}
      actions={
        <TopToolbar>
          <TravelMenuButton />
        </TopToolbar>
      }
    >
      <JourneyForm resolver={updateJourneyResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
