import { Pagination, useTranslate } from 'react-admin';

/** Page sizes for every list, with "all" (-1 → the server's 1000, spec §9). */
export function ListPagination() {
  const translate = useTranslate();
  return <Pagination rowsPerPageOptions={[10, 20, 50, 100, { label: translate('app.pagination.all'), value: -1 }]} />;
}
