import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';

/**
 * What a copy page (`…/copy/{id}`, spec §2) starts from: the record the route's id names. `ready` is false while it
 * loads — the page then renders nothing, so its form starts with the copied values rather than empty; without an id
 * there is nothing to copy and the page is an empty create form. `copyName` marks a name as the copy's
 * ("Gardasee (Kopie)"), cut to the field's length.
 */
export function useCopySource<T extends RaRecord>(
  resource: string,
): { source: T | undefined; ready: boolean; copyName: (name: string, max?: number) => string } {
  const { id } = useParams();
  const translate = useTranslate();
  const { data, isPending } = useGetOne<T>(resource, { id: Number(id) }, { enabled: id !== undefined });
  return {
    source: data,
    ready: id === undefined || !isPending,
    copyName: (name, max) => `${name} (${translate('app.actions.copy')})`.slice(0, max),
  };
}
