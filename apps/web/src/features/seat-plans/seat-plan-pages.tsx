import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BooleanField,
  BooleanInput,
  Create,
  Edit,
  NumberField,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField as TextValue,
  TextInput,
  useRecordContext,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ZCreateSeatPlanBody,
  ZUpdateSeatPlanBody,
  type CreateSeatPlanBody,
  type SeatPlan,
} from '@tourdesk/contracts/seat-plans.schema';
import { formRow } from '../../shared/form-row.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { SeatGrid, SeatGridLegend } from '../../shared/seat-grid.tsx';
import { SeatLayoutInput } from './seat-layout-input.tsx';
import { SeatPlanStart } from './seat-plan-start.tsx';

const planName = (record: SeatPlan) => record.name;
const createResolver = zodResolver(ZCreateSeatPlanBody);
const updateResolver = zodResolver(ZUpdateSeatPlanBody);

/** Name, description, whether it is offered, and the layout. */
function SeatPlanForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="seatPlans.fields.name" isRequired />
        <BooleanInput source="active" label="seatPlans.fields.active" defaultValue={true} />
      </Box>
      <Box sx={formRow}>
        <TextInput source="description" label="seatPlans.fields.description" multiline minRows={2} />
      </Box>
      <SeatLayoutInput />
    </SimpleForm>
  );
}

/** /seat-plans/create: a template or an empty grid first, then the editor. */
export function SeatPlanCreate() {
  const [start, setStart] = useState<CreateSeatPlanBody | null>(null);
  const saved = useSavedNotice('seatPlans.notifications.saved', planName, 'edit');
  if (!start) return <SeatPlanStart onStart={setStart} />;
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <SeatPlanForm resolver={createResolver} defaultValues={{ active: true, ...start }} />
    </Create>
  );
}

export function SeatPlanEdit() {
  const saved = useSavedNotice('seatPlans.notifications.saved', planName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <SeatPlanForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}

/** A plan has no travellers: its seats are free or blocked. */
const LEGEND_STATES = ['free', 'blocked'] as const;

function LayoutView() {
  const translate = useTranslate();
  const record = useRecordContext<SeatPlan>();
  if (!record) return null;
  return (
    <Box>
      <Typography id="seat-plan-layout" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('seatPlans.fields.layout')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <SeatGridLegend states={LEGEND_STATES} />
      </Box>
      <SeatGrid layout={record.layout} mode="view" labelledBy="seat-plan-layout" />
    </Box>
  );
}

/** What those who may only read see: the plan and its layout. */
export function SeatPlanShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextValue source="name" label="seatPlans.fields.name" />
        <TextValue source="description" label="seatPlans.fields.description" emptyText="–" />
        <NumberField source="seat_count" label="seatPlans.fields.seatCount" />
        <BooleanField source="active" label="seatPlans.fields.active" />
        <LayoutView />
      </SimpleShowLayout>
    </Show>
  );
}
