import { useMemo, type ComponentProps } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  Accessibility,
  type DragDropManagerInput,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/dom';
import { DragDropProvider } from '@dnd-kit/react';

type Plugins = NonNullable<DragDropManagerInput['plugins']>;
type PluginList = Exclude<Plugins, (defaults: never) => unknown>;

/** What a draggable item or a drop target carries in dnd-kit's `data` for the announcements: its name. */
export type DragItemData = { name: string };

const nameIn = (entity: { data?: unknown } | null | undefined): string | undefined => {
  const data = entity?.data as Partial<DragItemData> | undefined;
  return typeof data?.name === 'string' ? data.name : undefined;
};

/**
 * dnd-kit's DragDropProvider with its screen-reader support in the user's language: the instructions a draggable
 * item is described by, and what the live region says when an item is picked up, moved over another and dropped.
 * Items and targets are named by their `data.name` (`DragItemData`: the card's title, the question, the menu
 * entry) instead of dnd-kit's English "draggable item 17". Drawn anew when the language changes (dnd-kit reads
 * these texts once). Give the drag handles `aria-roledescription` from `useDragRoleDescription`.
 */
export function DragDropArea(props: Omit<ComponentProps<typeof DragDropProvider>, 'plugins'>) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const plugins = useMemo(() => {
    const configured = Accessibility.configure({
      screenReaderInstructions: { draggable: translate('app.drag.instructions') },
      announcements: {
        dragstart: ({ operation: { source } }: DragStartEvent) => {
          const name = nameIn(source);
          return name === undefined ? undefined : translate('app.drag.pickedUp', { name });
        },
        dragover: ({ operation: { source, target } }: DragOverEvent) => {
          const name = nameIn(source);
          const over = target && target.id !== source?.id ? nameIn(target) : undefined;
          return name === undefined || over === undefined
            ? undefined
            : translate('app.drag.over', { name, target: over });
        },
        dragend: ({ operation: { source }, canceled }: DragEndEvent) => {
          const name = nameIn(source);
          if (name === undefined) return undefined;
          return translate(canceled ? 'app.drag.cancelled' : 'app.drag.dropped', { name });
        },
      },
    });
    // dnd-kit keeps one plugin of a kind: these options take the place of the default Accessibility's.
    return (defaults: PluginList): PluginList => [...defaults, configured];
  }, [translate]);
  return <DragDropProvider key={locale} {...props} plugins={plugins} />;
}

/** The `aria-roledescription` of a drag handle, in the user's language (dnd-kit's own is the English "draggable"). */
export function useDragRoleDescription(): string {
  return useTranslate()('app.drag.roleDescription');
}
