import { zodResolver } from '@hookform/resolvers/zod';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  SaveButton,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  useInput,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DEFAULT_PRIMARY_COLOR } from '@tourdesk/contracts/brand';
import { ZCreateBrandBody, ZUpdateBrandBody } from '@tourdesk/contracts';
import { DeleteWithDialogButton } from '../../ui/delete-with-dialog.tsx';
import { useCsvExporter } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { brandExportColumns } from './brand-export.ts';

const row = {
  display: 'grid',
  gap: { xs: 0, sm: 2 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  width: '100%',
  maxWidth: 760,
};

/** /system/brands: one brand per host name (spec §1). */
export function BrandList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const exporter = useCsvExporter(brandExportColumns);
  return (
    <List exporter={exporter} sort={{ field: 'host', order: 'ASC' }} pagination={<ListPagination />}>
      {phone ? (
        <SimpleList primaryText={(record) => record.name} secondaryText={(record) => record.host} linkType="edit" />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="host" label="brands.fields.host" />
          <DataTable.Col source="name" label="brands.fields.name" />
          <DataTable.Col source="company" label="brands.fields.company" />
          <DataTable.Col source="isDevelopment" label="brands.fields.isDevelopment" field={BooleanField} />
        </DataTable>
      )}
    </List>
  );
}

function ColourInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'primaryColor', defaultValue: DEFAULT_PRIMARY_COLOR });
  return (
    <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
      <input
        type="color"
        value={(field.value as string | null) ?? DEFAULT_PRIMARY_COLOR}
        onChange={(event) => field.onChange(event.target.value)}
        aria-label={translate('brands.fields.primaryColor')}
      />
      {translate('brands.fields.primaryColor')}: {(field.value as string | null) ?? DEFAULT_PRIMARY_COLOR}
    </Box>
  );
}

function BrandForm() {
  return (
    <>
      <Box sx={row}>
        <TextInput source="host" label="brands.fields.host" isRequired helperText="brands.hostHelp" />
        <TextInput source="name" label="brands.fields.name" isRequired />
      </Box>
      <BooleanInput source="isDevelopment" label="brands.fields.isDevelopment" helperText="brands.developmentHelp" />
      <TextInput source="logo" label="brands.fields.logo" sx={{ maxWidth: 760 }} />
      <ColourInput />
      <Box sx={row}>
        <TextInput source="company" label="brands.fields.company" />
        <TextInput source="street" label="brands.fields.street" />
      </Box>
      <Box sx={row}>
        <TextInput source="zip" label="brands.fields.zip" />
        <TextInput source="city" label="brands.fields.city" />
      </Box>
      <Box sx={row}>
        <TextInput source="tel" label="brands.fields.tel" />
        <TextInput source="fax" label="brands.fields.fax" />
      </Box>
      <Box sx={row}>
        <TextInput source="email" label="brands.fields.email" type="email" />
        <TextInput source="web" label="brands.fields.web" />
      </Box>
      <Box sx={row}>
        <TextInput source="court" label="brands.fields.court" />
        <TextInput source="RegistrationNumber" label="brands.fields.RegistrationNumber" />
      </Box>
      <Box sx={row}>
        <TextInput source="companyId" label="brands.fields.companyId" />
        <TextInput source="pushChannel" label="brands.fields.pushChannel" />
      </Box>
      <Box sx={{ ...row, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextInput source="legalLinks.imprint" label="brands.fields.imprint" />
        <TextInput source="legalLinks.privacy" label="brands.fields.privacy" />
        <TextInput source="legalLinks.terms" label="brands.fields.terms" />
      </Box>
    </>
  );
}

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteWithDialogButton />
  </Toolbar>
);

const brandName = (record: RaRecord) => String(record.name);

export function BrandCreate() {
  const saved = useSavedNotice('brands.notifications.saved', brandName, 'list');
  return (
    <Create mutationOptions={saved}>
      <SimpleForm warnWhenUnsavedChanges noValidate resolver={zodResolver(ZCreateBrandBody)}>
        <BrandForm />
      </SimpleForm>
    </Create>
  );
}

export function BrandEdit() {
  const saved = useSavedNotice('brands.notifications.saved', brandName, 'list');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <SimpleForm warnWhenUnsavedChanges noValidate resolver={zodResolver(ZUpdateBrandBody)} toolbar={<EditToolbar />}>
        <BrandForm />
      </SimpleForm>
    </Edit>
  );
}
