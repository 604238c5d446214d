import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  ReferenceArrayInput,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useRefresh,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import {
  NEWSLETTER_LANGUAGES,
  NEWSLETTER_SUBSCRIPTIONS,
  ZCreateNewsletterContactBody,
  ZUpdateNewsletterContactBody,
  type NewsletterContact,
} from '@tourdesk/contracts/newsletter-contacts.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { formRow } from '../../shared/form-row.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { download } from '../../shared/manifest-downloads.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { ContactImportDialog } from './contact-import-dialog.tsx';

const contactName = (record: NewsletterContact) =>
  [record.lastName, record.firstName].filter(Boolean).join(', ') || record.email;
const createResolver = zodResolver(ZCreateNewsletterContactBody);
const updateResolver = zodResolver(ZUpdateNewsletterContactBody);

const subscriptionChoices = NEWSLETTER_SUBSCRIPTIONS.map((id) => ({
  id,
  name: `newsletterContacts.subscription.${id}`,
}));
const languageChoices = NEWSLETTER_LANGUAGES.map((id) => ({ id, name: `newsletterContacts.languages.${id}` }));

const SUBSCRIPTION_COLOURS = { subscribed: 'success', pending: 'warning', unsubscribed: 'default' } as const;

export function SubscriptionChip({ value }: { value: NewsletterContact['subscription'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={SUBSCRIPTION_COLOURS[value]}
      variant={value === 'unsubscribed' ? 'outlined' : 'filled'}
      label={translate(`newsletterContacts.subscription.${value}`)}
    />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="subscription"
    source="subscription"
    label="newsletterContacts.fields.subscription"
    choices={subscriptionChoices}
  />,
  <SelectInput
    key="integrated"
    source="integrated"
    label="newsletterContacts.fields.integrated"
    choices={activeChoices('newsletterContacts.integrated')}
  />,
  <SelectInput
    key="active"
    source="active"
    label="newsletterContacts.fields.active"
    choices={activeChoices('newsletterContacts.active')}
  />,
  <ReferenceInput key="listId" source="listId" reference="newsletter/contactslist" perPage={200}>
    <SelectInput label="newsletterContacts.fields.list" optionText="name" />
  </ReferenceInput>,
];

/** The list's export: the server writes the CSV (German Excel: `;` and BOM) with the current search and filters. */
function ExportButton() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const onClick = () => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filterValues ?? {}))
      if (value !== undefined && value !== null && value !== '')
        query.set(key === 'q' ? 'lit-search' : key, String(value));
    void download(`/newsletter/contacts/export.csv?${query}`, 'newsletter-kontakte.csv');
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={onClick}>
      {translate('ra.action.export')}
    </Button>
  );
}

function ContactListActions() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [importing, setImporting] = useState(false);
  return (
    <TopToolbar>
      <CreateButton />
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
        {translate('newsletterContacts.import.open')}
      </Button>
      <ExportButton />
      <ContactImportDialog
        open={importing}
        onClose={() => {
          setImporting(false);
          refresh();
        }}
      />
    </TopToolbar>
  );
}

/** /newsletter/contacts: search, filters, import and export. */
export function ContactList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      actions={<ContactListActions />}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record: NewsletterContact) => contactName(record)}
          secondaryText={(record: NewsletterContact) => record.email}
          tertiaryText={(record: NewsletterContact) =>
            translate(`newsletterContacts.subscription.${record.subscription}`)
          }
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="lastName" label="newsletterContacts.fields.lastName" />
          <DataTable.Col source="firstName" label="newsletterContacts.fields.firstName" />
          <DataTable.Col source="email" label="newsletterContacts.fields.email" />
          <DataTable.Col
            source="subscription"
            label="newsletterContacts.fields.subscription"
            render={(record: NewsletterContact) => <SubscriptionChip value={record.subscription} />}
          />
          <DataTable.Col
            label="newsletterContacts.fields.integrated"
            disableSort
            render={(record: NewsletterContact) => (
              <ActiveChip active={record.integrated} prefix="newsletterContacts.integrated" />
            )}
          />
          <DataTable.Col
            source="active"
            label="newsletterContacts.fields.active"
            render={(record: NewsletterContact) => (
              <ActiveChip active={record.active} prefix="newsletterContacts.active" />
            )}
          />
          <DataTable.Col
            source="consentAt"
            label="newsletterContacts.fields.consentAt"
            render={(record: NewsletterContact) => formatDateTime(record.consentAt)}
          />
        </DataTable>
      )}
    </List>
  );
}

function ContactForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="email" type="email" label="newsletterContacts.fields.email" isRequired />
        <SelectInput
          source="language"
          label="newsletterContacts.fields.language"
          choices={languageChoices}
          defaultValue="de"
        />
      </Box>
      <Box sx={formRow}>
        <TextInput source="salutation" label="newsletterContacts.fields.salutation" />
        <TextInput source="title" label="newsletterContacts.fields.title" />
      </Box>
      <Box sx={formRow}>
        <TextInput source="firstName" label="newsletterContacts.fields.firstName" />
        <TextInput source="lastName" label="newsletterContacts.fields.lastName" />
      </Box>
      <Box sx={formRow}>
        <SelectInput
          source="subscription"
          label="newsletterContacts.fields.subscription"
          choices={subscriptionChoices}
          defaultValue="subscribed"
        />
        <BooleanInput source="active" label="newsletterContacts.fields.active" defaultValue />
      </Box>
      <ReferenceArrayInput source="listIds" reference="newsletter/contactslist" perPage={200}>
        <SelectArrayInput label="newsletterContacts.fields.lists" optionText="name" />
      </ReferenceArrayInput>
    </SimpleForm>
  );
}

export function ContactCreate() {
  const saved = useSavedNotice('newsletterContacts.notifications.saved', contactName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <ContactForm resolver={createResolver} />
    </Create>
  );
}

/** The GDPR proof of a contact and its link to the customer card. */
function ConsentProof() {
  const translate = useTranslate();
  const record = useRecordContext<NewsletterContact>();
  if (!record) return null;
  const rows: Array<[string, string]> = [
    ['newsletterContacts.fields.consentAt', formatDateTime(record.consentAt) || '—'],
    ['newsletterContacts.fields.consentSource', record.consentSource ?? '—'],
    ['newsletterContacts.fields.consentIp', record.consentIp ?? '—'],
    ['newsletterContacts.fields.unsubscribedAt', formatDateTime(record.unsubscribedAt) || '—'],
    ['newsletterContacts.fields.customer', record.customerName ?? translate('newsletterContacts.integrated.false')],
  ];
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate('newsletterContacts.consent.title')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function ContactEdit() {
  const saved = useSavedNotice('newsletterContacts.notifications.saved', contactName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <ContactForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
      <ConsentProof />
    </Edit>
  );
}
