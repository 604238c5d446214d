import { useMediaQuery, type Theme } from '@mui/material';
import {
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  NumberField,
  SearchInput,
  SimpleList,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { ZCreateOrganizationBody, ZUpdateOrganizationBody } from '@tourdesk/contracts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { contactRowsResolver } from '../../shared/contact-rows.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { AGENCY_PAGE_SIZES, AgencyForm } from './agency-form.tsx';

const createResolver = contactRowsResolver(ZCreateOrganizationBody);
const updateResolver = contactRowsResolver(ZUpdateOrganizationBody);

/** /agencies: the travel agencies, 25 per page, searchable by name, city and zip. */
export function AgencyList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination sizes={AGENCY_PAGE_SIZES} />}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) =>
            [[record.zip, record.city].filter(Boolean).join(' '), record.phone].filter(Boolean).join(' · ')
          }
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" label="agencies.fields.name" />
          <DataTable.Col source="city" label="agencies.fields.city" />
          <DataTable.Col source="phone" label="agencies.fields.phone" disableSort />
          <DataTable.Col source="email" label="agencies.fields.email" disableSort />
          <DataTable.Col source="userCount" label="agencies.fields.userCount" field={NumberField} />
          <DataTable.Col source="customerCount" label="agencies.fields.customerCount" field={NumberField} />
        </DataTable>
      )}
    </List>
  );
}

const agencyName = (record: RaRecord) => String(record.name);

export function AgencyCreate() {
  const saved = useSavedNotice('agencies.notifications.saved', agencyName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic" transform={(data) => ({ ...data, type: 1 })}>
      <AgencyForm editing={false} resolver={createResolver} />
    </Create>
  );
}

export function AgencyEdit() {
  const saved = useSavedNotice('agencies.notifications.saved', agencyName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <AgencyForm editing resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
