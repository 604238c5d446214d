import { Box, Chip, useMediaQuery, type Theme } from '@mui/material';
import CollectionsIcon from '@mui/icons-material/Collections';
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AutocompleteInput,
  Button,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  TopToolbar,
  useCanAccess,
  useGetOne,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import {
  NEWSLETTER_TEMPLATE_TYPES,
  ZCreateNewsletterTemplateBody,
  ZUpdateNewsletterTemplateBody,
  type NewsletterTemplate,
  type NewsletterTemplateType,
} from '@tourdesk/contracts/newsletter-templates.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { MjmlEditorInput } from './template-editor.tsx';

const RESOURCE = 'newsletter/templates';
const templateName = (record: NewsletterTemplate) => record.name;
const createResolver = zodResolver(ZCreateNewsletterTemplateBody);
const updateResolver = zodResolver(ZUpdateNewsletterTemplateBody);

const TYPE_COLOURS: Record<NewsletterTemplateType, 'primary' | 'info' | 'default'> = {
  marketing: 'primary',
  transactional: 'default',
  automation: 'info',
};

const typeChoices = NEWSLETTER_TEMPLATE_TYPES.map((type) => ({ id: type, name: `nlTemplates.types.${type}` }));

function TypeChip({ type }: { type: NewsletterTemplateType }) {
  const translate = useTranslate();
  return (
    <Chip size="small" variant="outlined" color={TYPE_COLOURS[type]} label={translate(`nlTemplates.types.${type}`)} />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" label="nlTemplates.fields.type" choices={typeChoices} alwaysOn />,
];

function ListActions() {
  return (
    <TopToolbar>
      <Button component={Link} to="/newsletter/templates/cards" label="nlTemplates.actions.cards">
        <DashboardCustomizeIcon />
      </Button>
      <Button component={Link} to="/newsletter/templates/files" label="nlTemplates.actions.files">
        <CollectionsIcon />
      </Button>
      <CreateButton />
    </TopToolbar>
  );
}

/** /newsletter/templates: search by name, filter by type, sort; copy a template. */
export function TemplateList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => record.subject}
          tertiaryText={(record) => translate(`nlTemplates.types.${record.type}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" label="nlTemplates.fields.name" />
          <DataTable.Col
            source="type"
            label="nlTemplates.fields.type"
            render={(record: NewsletterTemplate) => <TypeChip type={record.type} />}
          />
          <DataTable.Col source="subject" label="nlTemplates.fields.subject" />
          <DataTable.NumberCol source="campaign_count" label="nlTemplates.fields.campaign_count" />
          <DataTable.Col
            source="updatedAt"
            label="nlTemplates.fields.updatedAt"
            render={(record: NewsletterTemplate) => formatDateTime(record.updatedAt)}
          />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function BrandInput() {
  const { canAccess } = useCanAccess({ resource: 'system/brands', action: 'list' });
  if (!canAccess) return null;
  return (
    <ReferenceInput source="id_brand" reference="system/brands">
      <AutocompleteInput
        optionText="name"
        label="nlTemplates.fields.id_brand"
        helperText="nlTemplates.help.brand"
        sx={{ minWidth: 240 }}
      />
    </ReferenceInput>
  );
}

function TemplateForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="nlTemplates.fields.name" isRequired />
        <SelectInput
          source="type"
          label="nlTemplates.fields.type"
          choices={typeChoices}
          defaultValue="marketing"
          isRequired
        />
        <BrandInput />
      </Box>
      <TextInput source="subject" label="nlTemplates.fields.subject" isRequired fullWidth />
      <MjmlEditorInput />
    </SimpleForm>
  );
}

/** An empty template to start from when no card was chosen. */
const BLANK_MJML = `<mjml>
  <mj-body background-color="#f2f0eb">
    <mj-section background-color="#ffffff">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold" color="{{brand_color}}">{{brand_name}}</mj-text>
        <mj-text>{{salutation}} {{title}} {{last_name}},</mj-text>
        <mj-text>…</mj-text>
        <mj-text font-size="12px" color="#6b6b6b">{{brand_address}} · <a href="{{unsubscribe_url}}">Newsletter abbestellen</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

/** /newsletter/templates/create (from the cards page: prefilled through the location's `record`). */
export function TemplateCreate() {
  const saved = useSavedNotice('nlTemplates.notifications.saved', templateName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic" record={{ type: 'marketing', mjml: BLANK_MJML }}>
      <TemplateForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

/** /newsletter/templates/copy/{id}: a new template prefilled from an existing one. */
export function TemplateCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const saved = useSavedNotice('nlTemplates.notifications.saved', templateName, 'edit');
  const { data, isPending } = useGetOne<NewsletterTemplate>(
    RESOURCE,
    { id: Number(id) },
    { enabled: id !== undefined },
  );
  if (id !== undefined && isPending) return null;
  return (
    <Create
      resource={RESOURCE}
      record={
        data
          ? {
              name: `${data.name} (${translate('app.actions.copy')})`,
              type: data.type,
              subject: data.subject,
              mjml: data.mjml,
              id_brand: data.id_brand,
            }
          : undefined
      }
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <TemplateForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

/** /newsletter/templates/{id} */
export function TemplateEdit() {
  const saved = useSavedNotice('nlTemplates.notifications.saved', templateName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <TemplateForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
