import { Box, useMediaQuery, type Theme } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  useGetOne,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  PRODUCT_GROUP_VAT_RATES,
  ZCreateArticleGroupBody,
  ZCreateProductGroupBody,
  ZUpdateArticleGroupBody,
  ZUpdateProductGroupBody,
  type ArticleGroup,
  type ProductGroup,
} from '@tourdesk/contracts/product-groups.schema';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';

const PRODUCT_RESOURCE = 'products/productgroups';
const productName = (record: ProductGroup) => record.name;
const articleName = (record: ArticleGroup) => record.name;
const vatChoices = PRODUCT_GROUP_VAT_RATES.map((rate) => ({ id: rate, name: `productGroups.vat.${rate}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="active"
    source="active"
    label="productGroups.fields.active"
    choices={activeChoices('productGroups.active')}
  />,
];

/** /products/productgroups: groups of extras sold with trips, with VAT rate and revenue account. */
export function ProductGroupList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      exporter={false}
      sort={{ field: 'position', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => translate(`productGroups.vat.${record.vat_rate}`)}
          tertiaryText={(record) => translate(`productGroups.active.${String(record.active)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.NumberCol source="position" label="productGroups.fields.position" />
          <DataTable.Col source="name" label="productGroups.fields.name" />
          <DataTable.Col
            source="vat_rate"
            label="productGroups.fields.vat_rate"
            render={(record) => translate(`productGroups.vat.${record.vat_rate}`)}
          />
          <DataTable.Col source="account_code" label="productGroups.fields.account_code" />
          <DataTable.Col
            source="active"
            label="productGroups.fields.active"
            render={(record) => <ActiveChip active={record.active} prefix="productGroups.active" />}
          />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function ProductGroupForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="productGroups.fields.name" isRequired />
        <NumberInput source="position" label="productGroups.fields.position" defaultValue={0} min={0} step={1} />
      </Box>
      <TextInput source="description" label="productGroups.fields.description" multiline minRows={2} />
      <Box sx={formRow}>
        <SelectInput
          source="vat_rate"
          label="productGroups.fields.vat_rate"
          choices={vatChoices}
          defaultValue={19}
          isRequired
        />
        <TextInput
          source="account_code"
          label="productGroups.fields.account_code"
          helperText="productGroups.help.account_code"
        />
      </Box>
      <BooleanInput
        source="active"
        label="productGroups.fields.active"
        defaultValue
        helperText="productGroups.help.active"
      />
    </SimpleForm>
  );
}

export function ProductGroupCreate() {
  const saved = useSavedNotice('productGroups.notifications.saved', productName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <ProductGroupForm resolver={zodResolver(ZCreateProductGroupBody)} />
    </Create>
  );
}

/** /products/productgroups/copy/{id}: a new group prefilled from an existing one. */
export function ProductGroupCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const saved = useSavedNotice('productGroups.notifications.saved', productName, 'edit');
  const { data, isPending } = useGetOne<ProductGroup>(
    PRODUCT_RESOURCE,
    { id: Number(id) },
    { enabled: id !== undefined },
  );
  if (id !== undefined && isPending) return null;
  return (
    <Create
      resource={PRODUCT_RESOURCE}
      record={
        data
          ? {
              name: `${data.name} (${translate('app.actions.copy')})`,
              description: data.description,
              vat_rate: data.vat_rate,
              account_code: data.account_code,
              position: data.position,
              active: data.active,
            }
          : undefined
      }
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <ProductGroupForm resolver={zodResolver(ZCreateProductGroupBody)} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function ProductGroupEdit() {
  const saved = useSavedNotice('productGroups.notifications.saved', productName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <ProductGroupForm resolver={zodResolver(ZUpdateProductGroupBody)} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}

/** /products/articlegroups: groups of on-board articles (drinks, snacks, souvenirs). */
export function ArticleGroupList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      exporter={false}
      sort={{ field: 'position', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => record.description ?? ''}
          tertiaryText={(record) => translate(`productGroups.active.${String(record.active)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.NumberCol source="position" label="productGroups.fields.position" />
          <DataTable.Col source="name" label="productGroups.fields.name" />
          <DataTable.Col source="description" label="productGroups.fields.description" />
          <DataTable.Col
            source="active"
            label="productGroups.fields.active"
            render={(record: ArticleGroup) => <ActiveChip active={record.active} prefix="productGroups.active" />}
          />
        </DataTable>
      )}
    </List>
  );
}

function ArticleGroupForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="productGroups.fields.name" isRequired />
        <NumberInput source="position" label="productGroups.fields.position" defaultValue={0} min={0} step={1} />
      </Box>
      <TextInput source="description" label="productGroups.fields.description" multiline minRows={2} />
      <BooleanInput
        source="active"
        label="productGroups.fields.active"
        defaultValue
        helperText="productGroups.help.articleActive"
      />
    </SimpleForm>
  );
}

export function ArticleGroupCreate() {
  const saved = useSavedNotice('productGroups.notifications.articleSaved', articleName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <ArticleGroupForm resolver={zodResolver(ZCreateArticleGroupBody)} />
    </Create>
  );
}

export function ArticleGroupEdit() {
  const saved = useSavedNotice('productGroups.notifications.articleSaved', articleName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <ArticleGroupForm resolver={zodResolver(ZUpdateArticleGroupBody)} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
