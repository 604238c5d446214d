import { Box } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  SimpleForm,
  TextInput,
  useGetOne,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { useParams } from 'react-router-dom';
import {
  ZCreateDestinationBody,
  ZUpdateDestinationBody,
  type Destination,
} from '@tourdesk/contracts/destinations.schema';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { useCountryIdChoices } from './country-id-choices.ts';
import { ImageUploadInput } from '../../shared/image-upload-input.tsx';
import { LibraryPictureInput } from '../../shared/library-picture-input.tsx';

const RESOURCE = 'internet/destinations';

/**
 * Only what the server's allowlist keeps (lib/rich-text.ts): no colours, alignment or images. The heading
 * select is left out too: its menu button fails axe (its accessible name differs from its visible text).
 */
const seoToolbar = (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
    <ListButtons size="small" />
    <LinkButtons size="small" />
    <QuoteButtons size="small" />
    <ClearButtons size="small" />
  </RichTextInputToolbar>
);
const destinationName = (record: Destination) => record.name;
const createResolver = zodResolver(ZCreateDestinationBody);
const updateResolver = zodResolver(ZUpdateDestinationBody);

/** Name, state, countries and the SEO content (title, description, rich text) of a destination. */
function DestinationForm(props: Omit<SimpleFormProps, 'children'>) {
  const { choices, isPending } = useCountryIdChoices();
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="destinations.fields.name" isRequired />
      </Box>
      <BooleanInput source="active" label="destinations.fields.active" defaultValue />
      <Box sx={{ width: '100%', maxWidth: 760 }}>
        <AutocompleteArrayInput
          source="countries"
          label="destinations.fields.countries"
          choices={choices}
          isPending={isPending}
          translateChoice={false}
          defaultValue={[]}
        />
        <TextInput source="seo_title" label="destinations.fields.seo_title" />
        <TextInput source="seo_description" label="destinations.fields.seo_description" multiline minRows={2} />
        <RichTextInput source="seo_text" label="destinations.fields.seo_text" toolbar={seoToolbar} fullWidth />
        <ImageUploadInput source="picture" previewSource="pictureThumbUrl" label="destinations.fields.picture" />
        <LibraryPictureInput source="picture_library_item" fileSource="picture" />
      </Box>
    </SimpleForm>
  );
}

export function DestinationCreate() {
  const saved = useSavedNotice('destinations.notifications.saved', destinationName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <DestinationForm resolver={createResolver} />
    </Create>
  );
}

/** /internet/destinations/copy/{id}: a new destination with the countries and SEO texts of an existing one. */
export function DestinationCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const saved = useSavedNotice('destinations.notifications.saved', destinationName, 'edit');
  const { data, isPending } = useGetOne<Destination>(RESOURCE, { id: Number(id) }, { enabled: Boolean(id) });
  if (id && isPending) return null;
  const record = data
    ? {
        name: `${data.name} (${translate('app.actions.copy')})`,
        active: data.active,
        countries: data.countries,
        seo_title: data.seo_title,
        seo_description: data.seo_description,
        seo_text: data.seo_text,
      }
    : undefined;
  return (
    <Create
      resource={RESOURCE}
      record={record}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <DestinationForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function DestinationEdit() {
  const saved = useSavedNotice('destinations.notifications.saved', destinationName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <DestinationForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
