import { Create, Edit } from 'react-admin';
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

/** /internet/journeys/{id}: the whole journey in eight tabs, saved at once. */
export function JourneyEdit() {
  const saved = useSavedNotice('journeys.notifications.saved', journeyTitle);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <JourneyForm resolver={updateJourneyResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
