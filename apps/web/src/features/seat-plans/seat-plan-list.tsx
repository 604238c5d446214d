import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SimpleList,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { ListPagination } from '../../ui/list-pagination.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="active" source="active" label="seatPlans.fields.active" />,
];

/** /seat-plans: name, sellable seats and whether the plan is offered; rows open the editor (or the view). */
export function SeatPlanList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'seat-plans', action: 'edit' });
  const rowClick = canEdit ? 'edit' : 'show';
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => translate('seatPlans.editor.seatCount', { smart_count: record.seat_count })}
          tertiaryText={(record) => (record.active ? '' : translate('seatPlans.list.inactive'))}
          rowClick={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false}>
          <DataTable.Col source="name" label="seatPlans.fields.name" />
          <DataTable.NumberCol source="seat_count" label="seatPlans.fields.seatCount" />
          <DataTable.Col source="active" label="seatPlans.fields.active">
            <BooleanField source="active" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
