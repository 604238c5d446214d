import { useNotify, useRedirect, useResourceContext, type RaRecord, type RedirectionSideEffect } from 'react-admin';

/**
 * The mutation options of a create or edit page whose success notice names what was saved
 * ("Kunde Baumann, Tanja gespeichert") instead of react-admin's "Element updated".
 * `message` takes `%{name}`; `redirectTo` replaces the page's `redirect` prop, which react-admin
 * ignores once `onSuccess` is given.
 */
export function useSavedNotice<R extends RaRecord>(
  message: string,
  nameOf: (record: R) => string,
  redirectTo: RedirectionSideEffect = false,
) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onSuccess: (data: R) => {
      notify(message, { type: 'info', messageArgs: { name: nameOf(data) } });
      redirect(redirectTo, resource, data.id, data);
    },
  };
}

/** "Baumann, Tanja" from a person record with separate names. */
export const personName = (first: string | null | undefined, last: string | null | undefined): string =>
  [last, first].filter(Boolean).join(', ');
