import { ArrayInput, SimpleFormIterator, TextInput } from 'react-admin';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';

const TEXTS = ['introduction', 'highlights', 'services', 'included_services', 'notes', 'hotel_description'] as const;

const TEXT_WIDTH = { maxWidth: 960 } as const;

/**
 * Bold, italic, lists, links: what a brochure text needs and the server's allowlist keeps. (The toolbar's
 * heading select is left out: its markup is a list item outside a list, which screen readers stumble on.)
 */
const TOOLBAR = (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
    <ListButtons size="small" />
    <LinkButtons size="small" />
    <ClearButtons size="small" />
  </RichTextInputToolbar>
);

/** A rich text of the journey; the server sanitises it with its one allowlist. */
function TravelText({ source, label }: { source: string; label: string }) {
  return <RichTextInput source={source} label={label} toolbar={TOOLBAR} sx={TEXT_WIDTH} />;
}

/** Tab "travel texts": the detail title, the texts of the brochure, and the itinerary day by day. */
export function JourneyTextInputs() {
  return (
    <>
      <TextInput source="detail.title" label="journeys.fields.detailTitle" sx={TEXT_WIDTH} />
      {TEXTS.map((text) => (
        <TravelText key={text} source={`detail.${text}`} label={`journeys.fields.${text}`} />
      ))}
      <ArrayInput source="days" label="journeys.fields.days">
        <SimpleFormIterator fullWidth disableClear>
          <TextInput source="daytitle" label="journeys.fields.daytitle" isRequired sx={TEXT_WIDTH} />
          <TravelText source="daytext" label="journeys.fields.daytext" />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
